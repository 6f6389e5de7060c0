import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConcatenatedResponse } from '#contract/soul-story.ts';
import { api, errorMessage } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { soulStoryKeys } from './keys.ts';

export const stopSharing = () => api<unknown>('/api/soulstory/share/', { method: 'DELETE' });

export const useStopSharing = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopSharing,
    onSuccess: () => {
      queryClient.setQueryData<ConcatenatedResponse>(soulStoryKeys.keepsake(), (keepsake) =>
        keepsake ? { ...keepsake, share_url: null } : keepsake,
      );
      toast('success', 'Sharing stopped', 'The link no longer opens your Soul Story.');
    },
    onError: (error) => toast('error', 'Could not stop sharing', errorMessage(error, 'Please try again.')),
  });
};
