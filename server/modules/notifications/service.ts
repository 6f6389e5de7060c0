import type { DbOrTx } from '#server/db/client.ts';
import * as repository from './repository.ts';

export interface NewNotification {
  userId: string;
  title: string;
  message: string;
  link?: string;
}

/** Any feature adds an in-app notification through this; pass the transaction to make it part of one. */
export const addNotification = (db: DbOrTx, notification: NewNotification) =>
  repository.insert(db, notification);

export const listNotifications = async (db: DbOrTx, userId: string) =>
  (await repository.listForUser(db, userId)).map((row) => ({
    id: row.id,
    title: row.title,
    message: row.message,
    read: row.read,
    link: row.link,
    created_at: row.createdAt.toISOString(),
  }));

export const markAllRead = (db: DbOrTx, userId: string) => repository.markAllRead(db, userId);

export const countUnread = (db: DbOrTx, userId: string) => repository.countUnread(db, userId);

/** Every notification, read or not, as the pilgrim's data export holds them. */
export const allNotificationsOf = async (db: DbOrTx, userId: string) =>
  (await repository.listAllForUser(db, userId)).map((row) => ({
    title: row.title,
    message: row.message,
    link: row.link,
    read: row.read,
    created_at: row.createdAt.toISOString(),
  }));
