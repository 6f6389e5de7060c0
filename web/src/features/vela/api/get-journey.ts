import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '#contract/profile.ts';
import { api } from '#web/shared/http.ts';
import { velaKeys } from './keys.ts';

export const fetchJourney = () => api<Profile>('/api/profile/');

export const journeyQuery = () =>
  queryOptions({ queryKey: velaKeys.journey(), queryFn: fetchJourney, retry: false, staleTime: 0 });

export const useJourney = () => useQuery(journeyQuery());
