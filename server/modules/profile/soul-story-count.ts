import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

type Rows<T> = { rows: T[] };

/** How many memories the pilgrim has saved to their Soul Story. */
export const countSoulStories = async (db: DbOrTx, userId: string): Promise<number> => {
  const table = (await db.execute(
    sql`select to_regclass('soul_story_items') is not null as present`,
  )) as Rows<{ present: boolean }>;
  if (!table.rows[0]?.present) return 0;
  const result = (await db.execute(
    sql`select count(*)::int as value from soul_story_items where user_id = ${userId}`,
  )) as Rows<{ value: number }>;
  return result.rows[0]?.value ?? 0;
};
