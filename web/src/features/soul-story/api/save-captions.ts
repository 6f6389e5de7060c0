import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaptionsBody, CaptionsResponse } from '#contract/soul-story.ts';
import { api } from '#web/shared/http.ts';
import { captionsKey } from './get-captions.ts';
import { soulStoryKeys } from './keys.ts';

export const saveCaptions = (storyId: string, captions: CaptionsBody) =>
  api<CaptionsResponse>(`/api/soulstory/${encodeURIComponent(storyId)}/captions/`, {
    method: 'PUT',
    body: captions,
  });

/**
 * Saves the pilgrim's captions for a take. The editor shows a refusal itself. Once saved, the memory's
 * `captions_url` and the keepsake's captions change on the server, so both are read again, without
 * holding back the editor's "Saved".
 */
export const useSaveCaptions = (storyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (captions: CaptionsBody) => saveCaptions(storyId, captions),
    onSuccess: (saved) => {
      queryClient.setQueryData(captionsKey(storyId), saved);
      void queryClient.invalidateQueries({ queryKey: soulStoryKeys.stories() });
      void queryClient.invalidateQueries({ queryKey: soulStoryKeys.keepsake() });
    },
  });
};
