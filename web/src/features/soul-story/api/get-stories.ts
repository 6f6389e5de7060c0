import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SoulStoryItem } from '#contract/soul-story.ts';
import { api } from '#web/shared/http.ts';
import { soulStoryKeys } from './keys.ts';

export const fetchStories = () => api<SoulStoryItem[]>('/api/soulstories/');

export const storiesQuery = () => queryOptions({ queryKey: soulStoryKeys.stories(), queryFn: fetchStories });

export const useStories = () => useQuery(storiesQuery());
