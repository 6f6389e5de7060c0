import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userRowColumns } from '#server/identity/tables.ts';

/** One request to export an account's data: the zip it became, and until when its link works. */
export const accountExports = pgTable(
  'account_exports',
  {
    ...userRowColumns(),
    status: text('status', { enum: ['queued', 'building', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    fileKey: text('file_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('account_exports_user_requested_idx').on(table.userId, table.requestedAt),
    // At most one export in the making per account, so a second request finds it instead of queueing another.
    uniqueIndex('account_exports_one_in_progress')
      .on(table.userId)
      .where(sql`${table.status} in ('queued', 'building')`),
  ],
);
