import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { findRow, insertIfNew } from '#server/db/rows.ts';
import { paymentCheckouts, paymentEvents, paymentPrices } from './tables.ts';

export type CheckoutRow = typeof paymentCheckouts.$inferSelect;
export type NewCheckout = typeof paymentCheckouts.$inferInsert;

export const insertCheckout = async (db: DbOrTx, values: NewCheckout) => {
  const [row] = await db.insert(paymentCheckouts).values(values).returning();
  return row!;
};

export const findCheckoutByKey = (db: DbOrTx, idempotencyKey: string) =>
  findRow(db, paymentCheckouts, eq(paymentCheckouts.idempotencyKey, idempotencyKey));

export const findCheckoutByIntent = (db: DbOrTx, intentId: string) =>
  findRow(db, paymentCheckouts, eq(paymentCheckouts.intentId, intentId));

export const findCheckoutBySubscription = (db: DbOrTx, subscriptionId: string) =>
  findRow(db, paymentCheckouts, eq(paymentCheckouts.subscriptionId, subscriptionId));

export const updateCheckout = (db: DbOrTx, id: string, values: Partial<NewCheckout>) =>
  db
    .update(paymentCheckouts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(paymentCheckouts.id, id));

/** A succeeded checkout stays succeeded: a late failure event for it changes nothing. */
export const setCheckoutStatus = (db: DbOrTx, id: string, status: CheckoutRow['status']) =>
  db
    .update(paymentCheckouts)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(paymentCheckouts.id, id), sql`${paymentCheckouts.status} <> 'succeeded'`));

/** True the first time an event id is seen, false on every redelivery. */
export const recordEvent = (db: DbOrTx, id: string, type: string) =>
  insertIfNew(db, paymentEvents, { id, type });

export const findPrice = async (db: DbOrTx, lookupKey: string) => {
  const [row] = await db.select().from(paymentPrices).where(eq(paymentPrices.lookupKey, lookupKey)).limit(1);
  return row?.priceId ?? null;
};

export const savePrice = async (db: DbOrTx, lookupKey: string, priceId: string) => {
  await db.insert(paymentPrices).values({ lookupKey, priceId }).onConflictDoNothing();
};

/** Erasing an account: its checkouts keep what was paid and when, and lose the address and the provider's customer. */
export const forgetPayer = (db: DbOrTx, email: string) =>
  db
    .update(paymentCheckouts)
    .set({ email: null, customerId: null, clientSecret: null, updatedAt: sql`now()` })
    .where(sql`lower(${paymentCheckouts.email}) = ${email.toLowerCase()}`);
