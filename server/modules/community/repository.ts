import { desc, eq } from 'drizzle-orm';
import type { CommunityRequestKind } from '../../../contract/community.ts';
import type { DbOrTx } from '../../db/client.ts';
import { communityRequests } from './tables.ts';

export type CommunityRequestRow = typeof communityRequests.$inferSelect;

export const insert = async (
  db: DbOrTx,
  values: { kind: CommunityRequestKind; name: string; email: string; interest: string; message: string },
) => {
  const [row] = await db.insert(communityRequests).values(values).returning();
  return row!;
};

export const findById = async (db: DbOrTx, id: string) => {
  const [row] = await db.select().from(communityRequests).where(eq(communityRequests.id, id)).limit(1);
  return row ?? null;
};

export const markEmailed = async (db: DbOrTx, id: string) => {
  await db.update(communityRequests).set({ emailedAt: new Date() }).where(eq(communityRequests.id, id));
};

export const list = (db: DbOrTx, options: { kind?: CommunityRequestKind; limit: number; offset: number }) =>
  db
    .select()
    .from(communityRequests)
    .where(options.kind ? eq(communityRequests.kind, options.kind) : undefined)
    .orderBy(desc(communityRequests.createdAt), desc(communityRequests.id))
    .limit(options.limit)
    .offset(options.offset);

export const setHandled = async (db: DbOrTx, id: string, handled: boolean) => {
  const [row] = await db
    .update(communityRequests)
    .set({ handled })
    .where(eq(communityRequests.id, id))
    .returning();
  return row ?? null;
};
