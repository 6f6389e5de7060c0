import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsConfig } from '#contract/payments.ts';
import { api } from '#web/shared/http.ts';

export const fetchPaymentsConfig = () => api<PaymentsConfig>('/api/payments/config/', { auth: false });

export const paymentsConfigQuery = () =>
  queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: fetchPaymentsConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePaymentsConfig = () => useQuery(paymentsConfigQuery());
