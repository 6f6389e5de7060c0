import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConcatenatedResponse } from '#contract/soul-story.ts';
import { api } from '#web/shared/http.ts';
import { soulStoryKeys } from './keys.ts';

const POLL_MS = 2000;

export const fetchKeepsake = () => api<ConcatenatedResponse>('/api/soulstory/concatenated/');

/** Still on its way: a render is running, or the last prompt's segment has not been joined yet. */
export const isKeepsakePending = (keepsake: ConcatenatedResponse | undefined) =>
  !keepsake ||
  keepsake.status === 'rendering' ||
  (keepsake.video_url === null && keepsake.status !== 'failed');

export const keepsakeQuery = () =>
  queryOptions({
    queryKey: soulStoryKeys.keepsake(),
    queryFn: fetchKeepsake,
    staleTime: 0,
    refetchInterval: (query) => (isKeepsakePending(query.state.data) ? POLL_MS : false),
  });

export const useKeepsake = () => useQuery(keepsakeQuery());
