import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { findRow, onceStamp } from '#server/db/rows.ts';
import { donationPayments, gifts } from './tables.ts';

export type GiftRow = typeof gifts.$inferSelect;
export type NewGift = typeof gifts.$inferInsert;

const LIST_LIMIT = 500;

/** A recurring gift in these states still takes payments, so cancelling it means something. */
const cancellableStatuses: GiftRow['status'][] = ['pending', 'active', 'past_due'];

/** The gift of a checkout, created on its first event. */
export const ensureGift = async (db: DbOrTx, values: NewGift): Promise<GiftRow> => {
  await db.insert(gifts).values(values).onConflictDoNothing({ target: gifts.checkoutId });
  const [row] = await db.select().from(gifts).where(eq(gifts.checkoutId, values.checkoutId)).limit(1);
  return row!;
};

export const findGift = (db: DbOrTx, id: string) => findRow(db, gifts, eq(gifts.id, id));

export const setGiftStatus = async (
  db: DbOrTx,
  id: string,
  status: GiftRow['status'],
  onlyFrom?: GiftRow['status'][],
) => {
  await db
    .update(gifts)
    .set({
      status,
      ...(status === 'canceled' ? { canceledAt: sql`coalesce(${gifts.canceledAt}, now())` } : {}),
    })
    .where(and(eq(gifts.id, id), onlyFrom ? inArray(gifts.status, onlyFrom) : undefined));
};

/** Records a succeeded payment once; answers the row only when this call made it succeed. */
export const recordSucceededPayment = async (
  db: DbOrTx,
  values: {
    giftId: string;
    providerPaymentId: string;
    intentId: string | null;
    amountPence: number;
    currency: string;
  },
) => {
  const [row] = await db
    .insert(donationPayments)
    .values({ ...values, status: 'succeeded' })
    .onConflictDoUpdate({
      target: donationPayments.providerPaymentId,
      set: { status: 'succeeded', failureReason: null, intentId: values.intentId, updatedAt: sql`now()` },
      setWhere: sql`${donationPayments.status} = 'failed'`,
    })
    .returning();
  return row ?? null;
};

/** A failure never overwrites a payment that already succeeded. */
export const recordFailedPayment = async (
  db: DbOrTx,
  values: {
    giftId: string;
    providerPaymentId: string;
    intentId: string | null;
    amountPence: number;
    currency: string;
    failureReason: string | null;
  },
) => {
  await db
    .insert(donationPayments)
    .values({ ...values, status: 'failed' })
    .onConflictDoUpdate({
      target: donationPayments.providerPaymentId,
      set: { failureReason: values.failureReason, updatedAt: sql`now()` },
      setWhere: sql`${donationPayments.status} = 'failed'`,
    });
};

export const markRefunded = async (db: DbOrTx, intentId: string, amountRefundedPence: number) =>
  db
    .update(donationPayments)
    .set({ status: 'refunded', amountRefundedPence, updatedAt: sql`now()` })
    .where(and(eq(donationPayments.intentId, intentId), eq(donationPayments.status, 'succeeded')))
    .returning();

export const paymentsOfGift = (db: DbOrTx, giftId: string) =>
  db
    .select()
    .from(donationPayments)
    .where(eq(donationPayments.giftId, giftId))
    .orderBy(desc(donationPayments.createdAt));

export const findPaymentWithGift = async (db: DbOrTx, paymentId: string) => {
  const [row] = await db
    .select({ payment: donationPayments, gift: gifts })
    .from(donationPayments)
    .innerJoin(gifts, eq(gifts.id, donationPayments.giftId))
    .where(eq(donationPayments.id, paymentId))
    .limit(1);
  return row ?? null;
};

/** A payment's receipt, claimed so a job run twice sends it once. */
export const receiptSent = onceStamp(donationPayments, 'receiptSentAt');

export const listWithGifts = (db: DbOrTx) =>
  db
    .select({ payment: donationPayments, gift: gifts })
    .from(donationPayments)
    .innerJoin(gifts, eq(gifts.id, donationPayments.giftId))
    .orderBy(desc(donationPayments.createdAt))
    .limit(LIST_LIMIT);

const donorIs = (email: string) => sql`lower(${gifts.email}) = ${email.toLowerCase()}`;

/** The donor's monthly or yearly gifts still taking payments, to cancel with the provider. */
export const runningSubscriptionsOf = async (db: DbOrTx, email: string) =>
  (
    await db
      .select({ subscriptionId: gifts.subscriptionId })
      .from(gifts)
      .where(and(donorIs(email), isNotNull(gifts.subscriptionId), inArray(gifts.status, cancellableStatuses)))
  ).map((row) => row.subscriptionId!);

/**
 * Erasing an account: each gift keeps its amount and date and its payments keep theirs, with their ids
 * as receipt numbers, as the law asks; the address and the provider's customer go.
 */
export const forgetDonor = (db: DbOrTx, email: string) =>
  db.update(gifts).set({ email: null, customerId: null }).where(donorIs(email));

/** The donor's gifts, oldest first, found by their email as the account's other records are. */
export const giftsOf = (db: DbOrTx, email: string) =>
  db.select().from(gifts).where(donorIs(email)).orderBy(gifts.createdAt);
