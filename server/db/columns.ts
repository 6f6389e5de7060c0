import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** The key of a row: a random UUID the database gives it. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** When the row was made, set by the database. */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed; the repository sets it on every update. */
export const updatedAtColumn = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** When the row was made and last changed: the pair most tables keep. */
export const timestampColumns = () => ({ createdAt: createdAtColumn(), updatedAt: updatedAtColumn() });
