import { useMutation } from '@tanstack/react-query';
import type { SubscribeRequest } from '#contract/newsletter.ts';
import { api } from '#web/shared/http.ts';

export const subscribe = (request: SubscribeRequest) =>
  api<{ email: string; message: string }>('/api/newsletter/subscribe/', { body: request, auth: false });

export const useSubscribe = () => useMutation({ mutationFn: subscribe });
