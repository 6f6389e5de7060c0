import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets generated once and shared by every process on a PostgreSQL database started without SECRET,
 * so a token one web process signs is good on all of them. Written only by shared-secret.ts.
 */
export const sharedSecrets = pgTable('shared_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
