import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '#server/db/columns.ts';

/** One row per address; double opt-in moves it from pending to confirmed, and unsubscribing is kept as a state. */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: idColumn(),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] })
      .notNull()
      .default('pending'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('newsletter_subscribers_email_unique').on(sql`lower(${table.email})`),
    uniqueIndex('newsletter_subscribers_confirm_token_unique').on(table.confirmTokenHash),
  ],
);
