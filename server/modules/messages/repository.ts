import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { communityRequests, contactMessages } from './tables.ts';

type MessageTable = typeof contactMessages | typeof communityRequests;

/**
 * The queries both tables answer alike, so each form keeps the table its rows have always been in.
 * Drizzle cannot type a query over a generic table, so the queries run on the union and the rows
 * are given back the type of the table they came from.
 */
const queriesOf = <Table extends MessageTable>(ofTable: Table) => {
  type Row = Table['$inferSelect'];
  const table: MessageTable = ofTable;
  return {
    findById: async (db: DbOrTx, id: string) => {
      const [row] = await db.select().from(table).where(eq(table.id, id)).limit(1);
      return (row as Row | undefined) ?? null;
    },

    markEmailed: async (db: DbOrTx, id: string) => {
      await db.update(table).set({ emailedAt: new Date() }).where(eq(table.id, id));
    },

    list: async (db: DbOrTx, options: { kind?: Row['kind']; limit: number; offset: number }) =>
      (await db
        .select()
        .from(table)
        .where(options.kind ? eq(table.kind, options.kind) : undefined)
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(options.limit)
        .offset(options.offset)) as Row[],

    setHandled: async (db: DbOrTx, id: string, handled: boolean) => {
      const [row] = await db.update(table).set({ handled }).where(eq(table.id, id)).returning();
      return (row as Row | undefined) ?? null;
    },
  };
};

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessage = typeof contactMessages.$inferInsert;
export type CommunityRequestRow = typeof communityRequests.$inferSelect;
export type NewCommunityRequest = typeof communityRequests.$inferInsert;

export const contactMessageRepository = {
  ...queriesOf(contactMessages),
  insert: async (db: DbOrTx, values: NewContactMessage) => {
    const [row] = await db.insert(contactMessages).values(values).returning();
    return row!;
  },
};

export const communityRequestRepository = {
  ...queriesOf(communityRequests),
  insert: async (db: DbOrTx, values: NewCommunityRequest) => {
    const [row] = await db.insert(communityRequests).values(values).returning();
    return row!;
  },
};
