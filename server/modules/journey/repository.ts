import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { journeys } from './tables.ts';

export type JourneyRow = typeof journeys.$inferSelect;
export type JourneyFields = Omit<JourneyRow, 'userId' | 'updatedAt'>;

export const findJourney = async (db: DbOrTx, userId: string) => {
  const [row] = await db.select().from(journeys).where(eq(journeys.userId, userId)).limit(1);
  return row;
};

/** Writes the whole record, creating it on the first save. */
export const saveJourney = async (db: DbOrTx, userId: string, fields: JourneyFields) => {
  const values = { ...fields, updatedAt: new Date() };
  const [row] = await db
    .insert(journeys)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: journeys.userId, set: values })
    .returning();
  return row!;
};
