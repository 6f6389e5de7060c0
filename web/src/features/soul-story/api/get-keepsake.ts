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

/** Polls while the keepsake is on its way, unless the events stream (`live`) brings each change itself. */
export const keepsakeQuery = (live = false) =>
  queryOptions({
    queryKey: soulStoryKeys.keepsake(),
    queryFn: fetchKeepsake,
    staleTime: 0,
    refetchInterval: (query) => (!live && isKeepsakePending(query.state.data) ? POLL_MS : false),
  });

export const useKeepsake = (live = false) => useQuery(keepsakeQuery(live));
