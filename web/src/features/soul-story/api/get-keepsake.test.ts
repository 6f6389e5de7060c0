import { describe, expect, it } from 'vitest';
import type { ConcatenatedResponse } from '#contract/soul-story.ts';
import { isKeepsakePending } from './get-keepsake.ts';

const keepsake = (values: Partial<ConcatenatedResponse>): ConcatenatedResponse => ({
  video_url: null,
  status: 'waiting_for_prompts',
  progress: 0,
  poster_url: null,
  share_url: null,
  captions_url: null,
  captioned_video_url: null,
  ...values,
});

describe('isKeepsakePending', () => {
  it('keeps polling until the first keepsake exists', () => {
    expect(isKeepsakePending(undefined)).toBe(true);
    expect(isKeepsakePending(keepsake({ status: 'waiting_for_prompts' }))).toBe(true);
    expect(isKeepsakePending(keepsake({ status: 'rendering', progress: 40 }))).toBe(true);
  });

  it('keeps polling while a new version renders over the last one', () => {
    expect(isKeepsakePending(keepsake({ status: 'rendering', video_url: '/media/a.mp4' }))).toBe(true);
  });

  it('stops once the keepsake is ready, or when rendering failed', () => {
    expect(isKeepsakePending(keepsake({ status: 'ready', video_url: '/media/a.mp4' }))).toBe(false);
    expect(isKeepsakePending(keepsake({ status: 'failed' }))).toBe(false);
  });
});
