import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseTarget =
  | { kind: 'pglite'; dir?: string; loadDataDir?: Blob }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Told when the server closes an idle connection (restart, failover, a dropped database). */
      onLostConnection?: (error: Error) => void;
    };

export interface Database {
  kind: DatabaseTarget['kind'];
  db: Db;
  /** The raw PGlite instance, when embedded: pg-boss runs on it through its adapter. */
  pglite?: PGlite;
  connectionString?: string;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export const openDatabase = async (target: DatabaseTarget): Promise<Database> => {
  if (target.kind === 'pglite') {
    const pglite = await PGlite.create({
      ...(target.dir ? { dataDir: target.dir } : {}),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    });
    const db = drizzlePglite(pglite) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      pglite,
      migrate: () => migratePglite(drizzlePglite(pglite), { migrationsFolder }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pglite.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
  // The pool replaces a lost idle connection by itself; without a listener Node would end the process instead.
  pool.on('error', (error) => target.onLostConnection?.(error));
  const db = drizzlePostgres(pool) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    connectionString: target.url,
    migrate: () => migratePostgres(drizzlePostgres(pool), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
};
