import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaptionsResponse } from '#contract/soul-story.ts';
import { ApiError, api } from '#web/shared/http.ts';
import { soulStoryKeys } from './keys.ts';

export const captionsKey = (storyId: string) => [...soulStoryKeys.all, 'captions', storyId] as const;

/** A take's captions, or null when it has none yet (the server's 404). */
export const fetchCaptions = async (storyId: string): Promise<CaptionsResponse | null> => {
  try {
    return await api<CaptionsResponse>(`/api/soulstory/${encodeURIComponent(storyId)}/captions/`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

/**
 * Read afresh each time the editor opens (a draft may have arrived meanwhile), and not again while it is
 * open: the editor starts from this answer, and the pilgrim's own changes are newer than any refetch.
 */
export const captionsQuery = (storyId: string) =>
  queryOptions({
    queryKey: captionsKey(storyId),
    queryFn: () => fetchCaptions(storyId),
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useCaptions = (storyId: string) => useQuery(captionsQuery(storyId));
