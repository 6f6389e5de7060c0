import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConcatenatedResponse, ShareResponse } from '#contract/soul-story.ts';
import { api, errorMessage } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { soulStoryKeys } from './keys.ts';

export const shareKeepsake = () => api<ShareResponse>('/api/soulstory/share/', { method: 'POST', body: {} });

export const useShareKeepsake = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareKeepsake,
    onSuccess: ({ share_url }) =>
      queryClient.setQueryData<ConcatenatedResponse>(soulStoryKeys.keepsake(), (keepsake) =>
        keepsake ? { ...keepsake, share_url } : keepsake,
      ),
    onError: (error) => toast('error', 'Sharing failed', errorMessage(error, 'Please try again.')),
  });
};
