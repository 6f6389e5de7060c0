import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountExportResponse } from '#contract/account.ts';
import { api } from '#web/shared/http.ts';
import { profileKeys } from './keys.ts';

export const fetchAccountExport = () => api<AccountExportResponse>('/api/account/export/');

export const requestAccountExport = () =>
  api<AccountExportResponse>('/api/account/export/', { method: 'POST' });

const inProgress = (status: AccountExportResponse['status'] | undefined) =>
  status === 'queued' || status === 'building';

/**
 * How soon to ask again while an export is prepared: most are ready well within a second of the
 * request, so every 300 ms for its first 3 s, then every 2 s. A clock far from the server's gets 2 s.
 */
export const askAgainIn = (current: AccountExportResponse | undefined, now = Date.now()) => {
  if (!inProgress(current?.status)) return false;
  const waited = now - Date.parse(current?.requested_at ?? '');
  return waited >= 0 && waited < 3000 ? 300 : 2000;
};

/** The latest export, asked again while it is being prepared. */
export const accountExportQuery = () =>
  queryOptions({
    queryKey: profileKeys.accountExport(),
    queryFn: fetchAccountExport,
    refetchInterval: (query) => askAgainIn(query.state.data),
  });

export const useAccountExport = () => useQuery(accountExportQuery());

export const useRequestAccountExport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAccountExport,
    onSuccess: (current) => queryClient.setQueryData(profileKeys.accountExport(), current),
  });
};
