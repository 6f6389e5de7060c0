import { desc, eq } from 'drizzle-orm';
import type { ContactKind } from '../../../contract/contact.ts';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages } from './tables.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export const insert = async (
  db: DbOrTx,
  values: { kind: ContactKind; name: string; email: string; message: string; inquiryTypes: string[] },
) => {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row!;
};

export const findById = async (db: DbOrTx, id: string) => {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row ?? null;
};

export const markEmailed = async (db: DbOrTx, id: string) => {
  await db.update(contactMessages).set({ emailedAt: new Date() }).where(eq(contactMessages.id, id));
};

export const list = (db: DbOrTx, options: { kind?: ContactKind; limit: number; offset: number }) =>
  db
    .select()
    .from(contactMessages)
    .where(options.kind ? eq(contactMessages.kind, options.kind) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(options.limit)
    .offset(options.offset);

export const setHandled = async (db: DbOrTx, id: string, handled: boolean) => {
  const [row] = await db
    .update(contactMessages)
    .set({ handled })
    .where(eq(contactMessages.id, id))
    .returning();
  return row ?? null;
};
