import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PromptId } from '#contract/prompts.ts';
import { api } from '#web/shared/http.ts';
import { soulStoryKeys } from './keys.ts';

export const fetchCompletedPrompts = async (): Promise<PromptId[]> =>
  (await api<{ completed_prompts: PromptId[] }>('/api/soulstory/completed-prompts/')).completed_prompts;

export const completedPromptsQuery = () =>
  queryOptions({ queryKey: soulStoryKeys.completedPrompts(), queryFn: fetchCompletedPrompts });

/** The prompts the pilgrim has answered; without them the pages still work, so a failure is only logged. */
export const useCompletedPrompts = () => {
  const completed = useQuery(completedPromptsQuery());
  useEffect(() => {
    if (completed.error) console.warn('Could not load the completed prompts', completed.error);
  }, [completed.error]);
  return completed;
};
