import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GiftView } from '#contract/donations.ts';
import { api } from '#web/shared/http.ts';

const giftPath = (token: string) => `/api/donations/manage/${encodeURIComponent(token)}/`;

export const giftQuery = (token: string) =>
  queryOptions({
    queryKey: ['donations', 'gift', token],
    queryFn: () => api<GiftView>(giftPath(token), { auth: false }),
    retry: false,
  });

export const useGift = (token: string) => useQuery(giftQuery(token));

export const useCancelGift = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<GiftView>(`${giftPath(token)}cancel/`, { method: 'POST', auth: false }),
    onSuccess: (gift) => queryClient.setQueryData(giftQuery(token).queryKey, gift),
  });
};

export const useCustomerPortal = (token: string) =>
  useMutation({
    mutationFn: () => api<{ url: string }>(`${giftPath(token)}portal/`, { method: 'POST', auth: false }),
  });
