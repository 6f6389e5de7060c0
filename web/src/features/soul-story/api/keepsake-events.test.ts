import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ConcatenatedResponse } from '#contract/soul-story.ts';
import { keepsakeQuery } from './get-keepsake.ts';
import { applyKeepsakeEvent } from './keepsake-events.ts';
import { soulStoryKeys } from './keys.ts';

const rendering: ConcatenatedResponse = {
  video_url: null,
  status: 'rendering',
  progress: 0,
  poster_url: null,
  share_url: null,
  captions_url: null,
  captioned_video_url: null,
};
const ready: ConcatenatedResponse = {
  ...rendering,
  status: 'ready',
  progress: 100,
  video_url: '/media/a.mp4',
};

describe('applyKeepsakeEvent', () => {
  it('keeps the finished keepsake from the stream when a fetch begun earlier answers after it', async () => {
    const queryClient = new QueryClient();
    let answer = (_keepsake: ConcatenatedResponse) => {};
    const fetching = queryClient.fetchQuery({
      ...keepsakeQuery(),
      queryFn: () =>
        new Promise<ConcatenatedResponse>((resolve) => {
          answer = resolve;
        }),
    });

    applyKeepsakeEvent(queryClient, ready);
    answer(rendering);
    await fetching.catch(() => undefined);

    expect(queryClient.getQueryData(soulStoryKeys.keepsake())).toEqual(ready);
  });

  it('replaces what the last fetch answered', async () => {
    const queryClient = new QueryClient();
    await queryClient.fetchQuery({ ...keepsakeQuery(), queryFn: async () => rendering });

    applyKeepsakeEvent(queryClient, ready);

    expect(queryClient.getQueryData(soulStoryKeys.keepsake())).toEqual(ready);
  });
});
