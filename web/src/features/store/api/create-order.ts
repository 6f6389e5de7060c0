import { useMutation } from '@tanstack/react-query';
import type { CreatedOrder, CreateOrderInput } from '#contract/store.ts';
import { api } from '#web/shared/http.ts';

export const createOrder = (body: CreateOrderInput) =>
  api<CreatedOrder>('/api/store/orders/', { method: 'POST', body, auth: false });

export const useCreateOrder = () => useMutation({ mutationFn: createOrder });
