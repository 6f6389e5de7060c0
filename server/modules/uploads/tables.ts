import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '#server/db/columns.ts';
import { users } from '#server/identity/tables.ts';

/**
 * A resumable upload's owner and what it will become; its bytes live in the tus store under `id`. Once
 * finished, `itemId` names the memory it became, so a retried final PATCH never makes a second one; the
 * client's `idempotencyKey` does the same for a retried creation.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A prompt id or 'photo'. */
    type: text('type').notNull(),
    title: text('title').notNull(),
    /** The memory it became; not a foreign key, since deleting the memory leaves the upload's answer. */
    itemId: uuid('item_id'),
    /** The declared length (null while deferred), then what was received once finished. */
    bytes: bigint('bytes', { mode: 'number' }),
    /** The client's own name for this upload (`Upload-Metadata` `idempotency_key`), so a retried creation finds it. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAtColumn(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('resumable_uploads_user_idx').on(table.userId),
    uniqueIndex('resumable_uploads_idempotency_key_idx').on(table.userId, table.idempotencyKey),
  ],
);
