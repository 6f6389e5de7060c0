import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountExportResponse } from '#contract/account.ts';
import { api } from '#web/shared/http.ts';
import { profileKeys } from './keys.ts';

export const fetchAccountExport = () => api<AccountExportResponse>('/api/account/export/');

export const requestAccountExport = () =>
  api<AccountExportResponse>('/api/account/export/', { method: 'POST' });

const inProgress = (status: AccountExportResponse['status'] | undefined) =>
  status === 'queued' || status === 'building';

/** The latest export, asked again every few seconds while it is being prepared. */
export const accountExportQuery = () =>
  queryOptions({
    queryKey: profileKeys.accountExport(),
    queryFn: fetchAccountExport,
    refetchInterval: (query) => (inProgress(query.state.data?.status) ? 2000 : false),
  });

export const useAccountExport = () => useQuery(accountExportQuery());

export const useRequestAccountExport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAccountExport,
    onSuccess: (current) => queryClient.setQueryData(profileKeys.accountExport(), current),
  });
};
