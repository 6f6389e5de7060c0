import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { findRow, onceStamp } from '#server/db/rows.ts';
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

export const findOrder = (db: DbOrTx, id: string) => findRow(db, storeOrders, eq(storeOrders.id, id));

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

/** An order's confirmation, claimed so a job run twice sends it once. */
export const confirmationSent = onceStamp(storeOrders, 'confirmationSentAt');

export const listOrders = (db: DbOrTx) =>
  db.select().from(storeOrders).orderBy(desc(storeOrders.createdAt)).limit(LIST_LIMIT);

/** The orders placed with this email, oldest first. */
export const ordersOf = (db: DbOrTx, email: string) =>
  db
    .select()
    .from(storeOrders)
    .where(sql`lower(${storeOrders.email}) = ${email.toLowerCase()}`)
    .orderBy(storeOrders.createdAt);
