import { useMutation } from '@tanstack/react-query';
import { soulStoryMessages } from '#contract/soul-story.ts';
import { api } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { useReloadSoulStory } from './keys.ts';

export const deleteStory = (id: string) =>
  api<unknown>(`/api/soulstory/${encodeURIComponent(id)}/delete/`, { method: 'DELETE' });

export const useDeleteStory = () => {
  const reload = useReloadSoulStory();
  return useMutation({
    mutationFn: deleteStory,
    onSuccess: () => {
      toast('success', soulStoryMessages.deleted);
      return reload();
    },
    onError: () => toast('error', soulStoryMessages.deleteFailed),
  });
};
