import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryResponse } from '#contract/vela.ts';
import { api } from '#web/shared/http.ts';
import { velaKeys } from './keys.ts';

export const fetchHistory = () => api<HistoryResponse>('/api/chat/history/');

export const historyQuery = () =>
  queryOptions({ queryKey: velaKeys.history(), queryFn: fetchHistory, retry: false, staleTime: Infinity });

export const useHistory = () => useQuery(historyQuery());
