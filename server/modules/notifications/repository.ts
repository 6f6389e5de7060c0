import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { notifications } from './tables.ts';

const LIST_LIMIT = 100;

export const insert = async (
  db: DbOrTx,
  values: { userId: string; title: string; message: string; link?: string | undefined },
) => {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: values.userId,
      title: values.title,
      message: values.message,
      link: values.link ?? null,
    })
    .returning();
  return row!;
};

export const listForUser = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIST_LIMIT);

export const markAllRead = async (db: DbOrTx, userId: string) => {
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return updated.length;
};

export const countUnread = async (db: DbOrTx, userId: string) => {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.value ?? 0;
};

/** Every notification of the pilgrim, oldest first, for their data export. */
export const listAllForUser = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt, notifications.id);
