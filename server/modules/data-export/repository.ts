import { and, desc, eq, inArray, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { findRow } from '#server/db/rows.ts';
import { accountExports } from './tables.ts';

export type ExportRow = typeof accountExports.$inferSelect;

const inProgress: ExportRow['status'][] = ['queued', 'building'];

export const latestFor = async (db: DbOrTx, userId: string) => {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(eq(accountExports.userId, userId))
    .orderBy(desc(accountExports.requestedAt))
    .limit(1);
  return row ?? null;
};

/** A new export, unless one is already queued or being built: then null (the unique index decides). */
export const insertQueued = async (db: DbOrTx, userId: string) => {
  const [row] = await db.insert(accountExports).values({ userId }).onConflictDoNothing().returning();
  return row ?? null;
};

export const findById = (db: DbOrTx, id: string) => findRow(db, accountExports, eq(accountExports.id, id));

/** Marks it being built; null when it is finished, failed or gone, so a repeated job does nothing. */
export const claimForBuilding = async (db: DbOrTx, id: string) => {
  const [row] = await db
    .update(accountExports)
    .set({ status: 'building' })
    .where(and(eq(accountExports.id, id), inArray(accountExports.status, inProgress)))
    .returning();
  return row ?? null;
};

export const markReady = async (
  db: DbOrTx,
  id: string,
  values: { fileKey: string; sizeBytes: number; readyAt: Date; expiresAt: Date },
) => {
  const [row] = await db
    .update(accountExports)
    .set({ status: 'ready', ...values })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'building')))
    .returning();
  return row ?? null;
};

export const markFailed = (db: DbOrTx, id: string) =>
  db
    .update(accountExports)
    .set({ status: 'failed' })
    .where(and(eq(accountExports.id, id), inArray(accountExports.status, inProgress)));

/** The account's other finished or failed exports, which a newer one replaces. */
export const replacedBy = (db: DbOrTx, userId: string, id: string) =>
  db
    .select()
    .from(accountExports)
    .where(
      and(
        eq(accountExports.userId, userId),
        ne(accountExports.id, id),
        inArray(accountExports.status, ['ready', 'failed']),
      ),
    );

export const expiredBy = (db: DbOrTx, now: Date) =>
  db.select().from(accountExports).where(lte(accountExports.expiresAt, now));

export const remove = (db: DbOrTx, id: string) => db.delete(accountExports).where(eq(accountExports.id, id));
