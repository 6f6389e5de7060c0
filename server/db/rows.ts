import { and, eq, type InferInsertModel, type InferSelectModel, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** The first row of a table that meets a condition, or null. */
export const findRow = async <Table extends PgTable>(db: DbOrTx, table: Table, where: SQL | undefined) => {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return (row as InferSelectModel<Table> | undefined) ?? null;
};

/** Adds a row unless its key is taken: true the first time, false on every repeat (a redelivered event, a second run). */
export const insertIfNew = async <Table extends PgTable>(
  db: DbOrTx,
  table: Table,
  values: InferInsertModel<Table>,
) => {
  const inserted = await db.insert(table).values(values).onConflictDoNothing().returning();
  return inserted.length === 1;
};

type ColumnName<Table extends PgTable> = keyof Table['_']['columns'] & string;

const idOf = (table: PgTable) => (table as unknown as Record<string, PgColumn>).id!;

/**
 * A once-only mark on a row, such as "its receipt was sent": `claim` stamps the time while the column is
 * empty and is true for the one call that did, so a job run twice sends its email once; `release`
 * empties it again when the sending failed, so a retry may claim it.
 */
export const onceStamp = <Table extends PgTable>(table: Table, stamp: ColumnName<Table>) => {
  const column = (table as unknown as Record<string, PgColumn>)[stamp]!;
  return {
    claim: async (db: DbOrTx, id: string) => {
      const claimed: unknown[] = await db
        .update(table)
        .set({ [stamp]: sql`now()` } as PgUpdateSetSource<Table>)
        .where(and(eq(idOf(table), id), isNull(column)))
        .returning({ id: idOf(table) });
      return claimed.length === 1;
    },
    release: (db: DbOrTx, id: string) =>
      db
        .update(table)
        .set({ [stamp]: null } as PgUpdateSetSource<Table>)
        .where(eq(idOf(table), id)),
  };
};

/** Changes the row with this id and its `updatedAt`: the row as it is now, or null when there is none. */
export const updateById = async <Table extends PgTable>(
  db: DbOrTx,
  table: Table,
  id: string,
  values: PgUpdateSetSource<Table>,
) => {
  const [row] = (await db
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(idOf(table), id))
    .returning()) as InferSelectModel<Table>[];
  return row ?? null;
};
