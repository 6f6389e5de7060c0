import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PromptId } from '#contract/prompts.ts';
import type { StoryType } from '#contract/soul-story.ts';

export const soulStoryKeys = {
  all: ['soul-story'] as const,
  stories: () => [...soulStoryKeys.all, 'stories'] as const,
  completedPrompts: () => [...soulStoryKeys.all, 'completed-prompts'] as const,
  keepsake: () => [...soulStoryKeys.all, 'keepsake'] as const,
  shared: (token: string) => [...soulStoryKeys.all, 'shared', token] as const,
};

/**
 * After a save or delete the list, the completed prompts and the keepsake all change on the server. A saved
 * take's prompt counts as answered at once, before the page hears back: Record Now pressed right after Save
 * records the next prompt, never this one again over the take just saved.
 */
export const useReloadSoulStory = () => {
  const queryClient = useQueryClient();
  return useCallback(
    (saved?: StoryType) => {
      if (saved && saved !== 'photo')
        queryClient.setQueryData<PromptId[]>(soulStoryKeys.completedPrompts(), (answered = []) =>
          answered.includes(saved) ? answered : [...answered, saved],
        );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: soulStoryKeys.stories() }),
        queryClient.invalidateQueries({ queryKey: soulStoryKeys.completedPrompts() }),
        queryClient.invalidateQueries({ queryKey: soulStoryKeys.keepsake() }),
      ]);
    },
    [queryClient],
  );
};
