import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '#server/db/columns.ts';

/**
 * Secrets generated once and shared by every process on a PostgreSQL database started without SECRET,
 * so a token one web process signs is good on all of them. Written only by shared-secret.ts.
 */
export const sharedSecrets = pgTable('shared_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAtColumn(),
});
