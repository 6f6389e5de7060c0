import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationItem } from '#contract/notifications.ts';
import { api } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { notificationKeys } from './get-notifications.ts';

export const markAllRead = () =>
  api<{ updated: number }>('/api/notifications/mark-all-read/', { method: 'POST', body: {} });

export const useMarkAllRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => {
      queryClient.setQueryData<NotificationItem[]>(notificationKeys.list(), (items) =>
        items?.map((item) => ({ ...item, read: true })),
      );
      toast('success', 'All notifications marked as read');
    },
    onError: () => toast('error', 'Failed to mark notifications as read'),
  });
};
