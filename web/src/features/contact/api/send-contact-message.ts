import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '#contract/contact.ts';
import { api } from '#web/shared/http.ts';

export const sendContactMessage = (body: ContactRequest) =>
  api<{ ok: true }>('/api/contact/', { method: 'POST', body, auth: false });

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
