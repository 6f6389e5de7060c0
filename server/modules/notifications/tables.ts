import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '#server/db/columns.ts';
import { userRowColumns } from '#server/identity/tables.ts';

export const notifications = pgTable(
  'notifications',
  {
    ...userRowColumns(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (table) => [index('notifications_user_created_idx').on(table.userId, table.createdAt)],
);
