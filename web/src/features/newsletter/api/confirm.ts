import { useMutation } from '@tanstack/react-query';
import { api } from '#web/shared/http.ts';

export const confirmSubscription = (token: string) =>
  api<{ email: string; status: 'confirmed' }>('/api/newsletter/confirm/', { body: { token }, auth: false });

export const useConfirmSubscription = () => useMutation({ mutationFn: confirmSubscription });
