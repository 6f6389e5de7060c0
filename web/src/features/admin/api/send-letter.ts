import { useMutation } from '@tanstack/react-query';
import type { LetterInput } from '#contract/newsletter.ts';
import { api } from '#web/shared/http.ts';

export const sendLetter = (letter: LetterInput) =>
  api<{ recipients: number }>('/api/admin/newsletter/letters/', { body: letter });

export const useSendLetter = () => useMutation({ mutationFn: sendLetter });
