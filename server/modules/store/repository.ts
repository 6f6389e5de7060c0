import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { storeOrders } from './tables.ts';

export type OrderRow = typeof storeOrders.$inferSelect;
export type NewOrder = typeof storeOrders.$inferInsert;

const LIST_LIMIT = 500;

export const insertOrder = async (db: DbOrTx, values: NewOrder) => {
  const [row] = await db.insert(storeOrders).values(values).returning();
  return row!;
};

export const setCheckout = (db: DbOrTx, id: string, checkoutId: string) =>
  db.update(storeOrders).set({ checkoutId }).where(eq(storeOrders.id, id));

export const findOrder = async (db: DbOrTx, id: string) => {
  const [row] = await db.select().from(storeOrders).where(eq(storeOrders.id, id)).limit(1);
  return row ?? null;
};

/** Moves an order to a new status only from the given ones; answers the row when it moved. */
export const moveStatus = async (
  db: DbOrTx,
  id: string,
  status: OrderRow['status'],
  from: OrderRow['status'][],
) => {
  const [row] = await db
    .update(storeOrders)
    .set({ status, ...(status === 'paid' ? { paidAt: sql`now()` } : {}) })
    .where(and(eq(storeOrders.id, id), inArray(storeOrders.status, from)))
    .returning();
  return row ?? null;
};

export const claimConfirmation = async (db: DbOrTx, id: string) => {
  const claimed = await db
    .update(storeOrders)
    .set({ confirmationSentAt: sql`now()` })
    .where(and(eq(storeOrders.id, id), isNull(storeOrders.confirmationSentAt)))
    .returning({ id: storeOrders.id });
  return claimed.length === 1;
};

export const releaseConfirmation = (db: DbOrTx, id: string) =>
  db.update(storeOrders).set({ confirmationSentAt: null }).where(eq(storeOrders.id, id));

export const listOrders = (db: DbOrTx) =>
  db.select().from(storeOrders).orderBy(desc(storeOrders.createdAt)).limit(LIST_LIMIT);

/** The orders placed with this email, oldest first. */
export const ordersOf = (db: DbOrTx, email: string) =>
  db
    .select()
    .from(storeOrders)
    .where(sql`lower(${storeOrders.email}) = ${email.toLowerCase()}`)
    .orderBy(storeOrders.createdAt);
