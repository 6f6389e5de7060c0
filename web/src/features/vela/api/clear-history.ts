import { useMutation } from '@tanstack/react-query';
import { api } from '#web/shared/http.ts';

export const clearHistory = () => api<{ deleted: number }>('/api/chat/history/', { method: 'DELETE' });

export const useClearHistory = (onCleared: () => void) =>
  useMutation({ mutationFn: clearHistory, onSuccess: onCleared });
