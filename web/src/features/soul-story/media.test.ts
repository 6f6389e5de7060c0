import { describe, expect, it } from 'vitest';
import { storyFileName } from '#contract/soul-story.ts';
import { chooseRecordingFormat, extensionOf, formatSeconds, moveBy } from './media.ts';

describe('chooseRecordingFormat', () => {
  it('prefers webm with VP8 and Opus where the browser records it', () => {
    expect(chooseRecordingFormat(() => true)?.mimeType).toBe('video/webm;codecs=vp8,opus');
  });

  it('falls back to mp4 where only that is supported, as on Safari', () => {
    const format = chooseRecordingFormat((type) => type.startsWith('video/mp4'));
    expect(format).toMatchObject({ fileType: 'video/mp4', extension: 'mp4' });
  });

  it('gives nothing when the browser records no known format', () => {
    expect(chooseRecordingFormat(() => false)).toBeNull();
  });
});

describe('upload file names', () => {
  it('turns whitespace in the title into underscores', () => {
    expect(storyFileName('  The   Call\tat dawn ', 'webm')).toBe('The_Call_at_dawn.webm');
  });

  it('names JPEG photos .jpg whatever their own name says', () => {
    expect(extensionOf({ name: 'IMG_0001.JPEG', type: 'image/jpeg' })).toBe('jpg');
    expect(extensionOf({ name: 'camera', type: 'image/jpeg' })).toBe('jpg');
  });

  it('keeps the own extension of other formats', () => {
    expect(extensionOf({ name: 'sunrise.PNG', type: 'image/png' })).toBe('png');
    expect(extensionOf({ name: 'clip.mp4', type: 'video/mp4' })).toBe('mp4');
    expect(extensionOf({ name: 'no-extension', type: 'image/webp' })).toBe('webp');
  });
});

describe('moveBy', () => {
  it('moves an item one place up or down', () => {
    expect(moveBy(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveBy(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the order alone at the edges', () => {
    expect(moveBy(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveBy(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('formatSeconds', () => {
  it('shows minutes and seconds', () => {
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(75.8)).toBe('1:15');
  });
});
