import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationItem } from '#contract/notifications.ts';
import { api } from '#web/shared/http.ts';

export const notificationKeys = { list: () => ['notifications', 'list'] as const };

/** The spec allows the list bare or under a `notifications` key. */
export const fetchNotifications = async (): Promise<NotificationItem[]> => {
  const body = await api<NotificationItem[] | { notifications: NotificationItem[] }>('/api/notifications/');
  return Array.isArray(body) ? body : body.notifications;
};

export const notificationsQuery = () =>
  queryOptions({ queryKey: notificationKeys.list(), queryFn: fetchNotifications, staleTime: 0 });

export const useNotifications = () => useQuery(notificationsQuery());
