import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HelplinesResponse } from '#contract/vela.ts';
import { api } from '#web/shared/http.ts';
import { velaKeys } from './keys.ts';

export const fetchHelplines = () => api<HelplinesResponse>('/api/chat/helplines/', { auth: false });

export const helplinesQuery = () =>
  queryOptions({ queryKey: velaKeys.helplines(), queryFn: fetchHelplines, staleTime: Infinity });

export const useHelplines = () => useQuery(helplinesQuery());
