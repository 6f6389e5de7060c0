import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SoulStoryItem, soulStoryMessages } from '#contract/soul-story.ts';
import { api } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { soulStoryKeys } from './keys.ts';

export const reorderStories = (storyIds: string[]) =>
  api<unknown>('/api/soulstories/reorder/', { method: 'POST', body: { story_ids: storyIds } });

/** The new order shows at once; when the server refuses it, the list reloads from the server. */
export const useReorderStories = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ordered: SoulStoryItem[]) => reorderStories(ordered.map((story) => story.id)),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: soulStoryKeys.stories() });
      queryClient.setQueryData(soulStoryKeys.stories(), ordered);
    },
    onError: () => {
      toast('error', soulStoryMessages.orderFailed);
      return queryClient.invalidateQueries({ queryKey: soulStoryKeys.stories() });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: soulStoryKeys.keepsake() }),
  });
};
