import { useMutation } from '@tanstack/react-query';
import { api } from '#web/shared/http.ts';

export const unsubscribe = (token: string) =>
  api<{ status: 'unsubscribed' }>('/api/newsletter/unsubscribe/', { body: { token }, auth: false });

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
