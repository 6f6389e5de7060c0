import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { productList } from '#contract/store.ts';
import { api } from '#web/shared/http.ts';

export type StoreProduct = z.infer<typeof productList>[number];

export const productsQuery = () =>
  queryOptions({
    queryKey: ['store', 'products'],
    queryFn: () => api<StoreProduct[]>('/api/store/products/', { auth: false }),
    staleTime: 10 * 60_000,
  });

export const useProducts = () => useQuery(productsQuery());
