import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export const soulStoryKeys = {
  all: ['soul-story'] as const,
  stories: () => [...soulStoryKeys.all, 'stories'] as const,
  completedPrompts: () => [...soulStoryKeys.all, 'completed-prompts'] as const,
  keepsake: () => [...soulStoryKeys.all, 'keepsake'] as const,
  shared: (token: string) => [...soulStoryKeys.all, 'shared', token] as const,
};

/** After a save or delete the list, the completed prompts and the keepsake all change on the server. */
export const useReloadSoulStory = () => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: soulStoryKeys.stories() }),
        queryClient.invalidateQueries({ queryKey: soulStoryKeys.completedPrompts() }),
        queryClient.invalidateQueries({ queryKey: soulStoryKeys.keepsake() }),
      ]),
    [queryClient],
  );
};
