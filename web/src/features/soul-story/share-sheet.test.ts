import { describe, expect, it } from 'vitest';
import {
  hasShareSheet,
  isShareCancelled,
  isShareTooLate,
  keepsakeShareData,
  SHARE_TITLE,
  sharesVideoFiles,
} from './share-sheet.ts';

const video = new File([new Uint8Array(8)], 'my-soul-story.mp4', { type: 'video/mp4' });
const url = 'https://pilgrim.example/s/abc';
const share = async () => undefined;

describe('the share sheet', () => {
  it('is there only where the browser shares', () => {
    expect(hasShareSheet({ share })).toBe(true);
    expect(hasShareSheet({})).toBe(false);
  });

  it('is given video files only where it says it takes an mp4', () => {
    const asked: ShareData[] = [];
    const mp4Only = (data?: ShareData) => {
      asked.push(data ?? {});
      return (data?.files ?? []).every((file) => file.type === 'video/mp4');
    };
    expect(sharesVideoFiles({ share, canShare: mp4Only })).toBe(true);
    expect(asked[0]?.files?.[0]).toMatchObject({ name: 'my-soul-story.mp4', type: 'video/mp4' });
    expect(sharesVideoFiles({ share, canShare: () => false })).toBe(false);
    expect(sharesVideoFiles({ share })).toBe(false);
  });

  it('gets the link with its title, and the video beside it where the sheet accepts both', () => {
    expect(keepsakeShareData(url, null, { canShare: () => true })).toEqual({ title: SHARE_TITLE, url });
    expect(keepsakeShareData(url, video, { canShare: () => true })).toEqual({
      title: SHARE_TITLE,
      url,
      files: [video],
    });
    expect(keepsakeShareData(url, video, { canShare: () => false })).toEqual({ title: SHARE_TITLE, url });
    expect(keepsakeShareData(url, video, {})).toEqual({ title: SHARE_TITLE, url });
  });

  it('tells a closed sheet and a late one from a failure', () => {
    expect(isShareCancelled(new DOMException('Share canceled', 'AbortError'))).toBe(true);
    expect(isShareCancelled(new DOMException('No', 'NotAllowedError'))).toBe(false);
    expect(isShareTooLate(new DOMException('No', 'NotAllowedError'))).toBe(true);
    expect(isShareTooLate(new TypeError('Bad data'))).toBe(false);
  });
});
