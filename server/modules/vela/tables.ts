import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from '#server/db/columns.ts';
import { userIdColumn, userRowColumns, users } from '#server/identity/tables.ts';

/** The conversation with Vela, kept per user so it is there when they come back. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    ...userRowColumns(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    /** A message that matched a safety group: shown in the history, never shown to a model. */
    safety: text('safety', { enum: ['selfHarm', 'abuse', 'hate'] }),
    createdAt: createdAtColumn(),
  },
  (table) => [index('chat_messages_user_created_idx').on(table.userId, table.createdAt)],
);

/** The user's current reminder plan: jobs of an older plan find a different plan id and do nothing. */
export const reminderPlans = pgTable('reminder_plans', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: uuid('plan_id').notNull(),
  startDate: date('start_date').notNull(),
  duration: integer('duration').notNull(),
  timeZone: text('time_zone').notNull(),
  jobIds: jsonb('job_ids').$type<string[]>().notNull(),
  updatedAt: updatedAtColumn(),
});

/** Each reminder reaches a user once per pilgrimage, however often the plan is made again. */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    userId: userIdColumn(),
    reminderKey: text('reminder_key').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.reminderKey] })],
);
