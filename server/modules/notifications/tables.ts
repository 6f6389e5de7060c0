import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '#server/db/columns.ts';
import { userIdColumn } from '#server/identity/tables.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: userIdColumn(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (table) => [index('notifications_user_created_idx').on(table.userId, table.createdAt)],
);
