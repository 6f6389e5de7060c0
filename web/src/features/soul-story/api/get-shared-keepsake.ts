import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedKeepsake } from '#contract/soul-story.ts';
import { api } from '#web/shared/http.ts';
import { soulStoryKeys } from './keys.ts';

export const fetchSharedKeepsake = (token: string) =>
  api<SharedKeepsake>(`/api/soulstory/shared/${encodeURIComponent(token)}/`, { auth: false });

export const sharedKeepsakeQuery = (token: string) =>
  queryOptions({
    queryKey: soulStoryKeys.shared(token),
    queryFn: () => fetchSharedKeepsake(token),
    retry: false,
  });

export const useSharedKeepsake = (token: string) => useQuery(sharedKeepsakeQuery(token));
