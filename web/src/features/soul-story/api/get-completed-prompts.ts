import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromptId } from '#contract/prompts.ts';
import { api } from '#web/shared/http.ts';
import { soulStoryKeys } from './keys.ts';

export const fetchCompletedPrompts = async (): Promise<PromptId[]> =>
  (await api<{ completed_prompts: PromptId[] }>('/api/soulstory/completed-prompts/')).completed_prompts;

export const completedPromptsQuery = () =>
  queryOptions({ queryKey: soulStoryKeys.completedPrompts(), queryFn: fetchCompletedPrompts });

export const useCompletedPrompts = () => useQuery(completedPromptsQuery());
