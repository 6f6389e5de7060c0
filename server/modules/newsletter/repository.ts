import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { findRow } from '#server/db/rows.ts';
import { newsletterSubscribers } from './tables.ts';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

export const findByEmail = (db: DbOrTx, email: string) =>
  findRow(db, newsletterSubscribers, sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`);

export const findById = (db: DbOrTx, id: string) =>
  findRow(db, newsletterSubscribers, eq(newsletterSubscribers.id, id));

export const findByConfirmToken = (db: DbOrTx, tokenHash: string) =>
  findRow(db, newsletterSubscribers, eq(newsletterSubscribers.confirmTokenHash, tokenHash));

/** A new address, or an old one asking again: pending with a fresh confirmation token. */
export const upsertPending = async (
  db: DbOrTx,
  values: { email: string; confirmTokenHash: string; confirmExpiresAt: Date },
) => {
  // The unique index is on lower(email), which ON CONFLICT (column) cannot name: insert, else update.
  const [inserted] = await db
    .insert(newsletterSubscribers)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [updated] = await db
    .update(newsletterSubscribers)
    .set({
      status: 'pending',
      confirmTokenHash: values.confirmTokenHash,
      confirmExpiresAt: values.confirmExpiresAt,
      consentedAt: sql`now()`,
      unsubscribedAt: null,
    })
    .where(sql`lower(${newsletterSubscribers.email}) = ${values.email.toLowerCase()}`)
    .returning();
  return updated!;
};

export const markConfirmed = async (db: DbOrTx, id: string) => {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', confirmedAt: sql`now()` })
    .where(eq(newsletterSubscribers.id, id))
    .returning();
  return row!;
};

export const markUnsubscribed = (db: DbOrTx, id: string) =>
  db
    .update(newsletterSubscribers)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: sql`now()`,
      confirmTokenHash: null,
      confirmExpiresAt: null,
    })
    .where(eq(newsletterSubscribers.id, id));

/** Unsubscribes an address whatever its state, as unsubscribing does, so no letter reaches it again. */
export const unsubscribeEmail = (db: DbOrTx, email: string) =>
  db
    .update(newsletterSubscribers)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())`,
      confirmTokenHash: null,
      confirmExpiresAt: null,
    })
    .where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`);

export const listAll = (db: DbOrTx) =>
  db.select().from(newsletterSubscribers).orderBy(asc(newsletterSubscribers.createdAt));

export const listConfirmed = (db: DbOrTx) =>
  db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'confirmed'))
    .orderBy(asc(newsletterSubscribers.createdAt));
