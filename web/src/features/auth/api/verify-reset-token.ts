import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/http.ts';

export const verifyResetToken = (token: string) =>
  api<{ valid: boolean }>('/api/password/verify-token/', { method: 'POST', body: { token }, auth: false });

export const resetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => verifyResetToken(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useResetTokenCheck = (token: string | undefined) =>
  useQuery({ ...resetTokenQuery(token ?? ''), enabled: Boolean(token) });
