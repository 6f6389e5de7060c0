import { z } from 'zod';

export const notificationItem = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  link: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** GET /api/notifications/ answers a bare array, newest first. */
export const notificationList = z.array(notificationItem);

export const markAllReadResponse = z.object({ updated: z.number().int() });
