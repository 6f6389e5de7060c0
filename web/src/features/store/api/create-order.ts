import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateOrderInput, createOrderResponse } from '#contract/store.ts';
import { api } from '#web/shared/http.ts';

export type CreatedOrder = z.infer<typeof createOrderResponse>;

export const createOrder = (body: CreateOrderInput) =>
  api<CreatedOrder>('/api/store/orders/', { method: 'POST', body, auth: false });

export const useCreateOrder = () => useMutation({ mutationFn: createOrder });
