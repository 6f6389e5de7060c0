import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Journey } from '#contract/journey.ts';
import { api } from '#web/shared/http.ts';
import { journeyKeys } from './keys.ts';

export const fetchJourney = () => api<Journey>('/api/journey/');

export const journeyQuery = () =>
  queryOptions({ queryKey: journeyKeys.record(), queryFn: fetchJourney, retry: false, staleTime: 0 });

export const useJourney = () => useQuery(journeyQuery());
