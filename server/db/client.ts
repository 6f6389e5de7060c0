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

// The socket's own failures, and PostgreSQL's for a server shutting down, crashed, starting up or cut off.
const connectionFailureCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
// What pg says, without a code, for a connection that ended or a pool that cannot give one.
const connectionFailureMessage =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Cannot use a pool after calling end)/;

/**
 * Whether an error (or what it wraps: Drizzle wraps the driver's) says the database could not be reached,
 * as while it restarts, rather than that a query was wrong.
 */
export const isConnectionFailure = (error: unknown): boolean => {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && connectionFailureCodes.has(code)) return true;
    if (connectionFailureMessage.test(cause.message)) return true;
  }
  return false;
};

const RECONNECT_DELAY_MS = 250;

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool that tries once more when a connection could not be opened. Nothing of the query was sent
 * then, so trying again is safe, and a server that restarts a moment earlier goes unnoticed.
 */
class ReconnectingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const retries = (error: Error | undefined): error is Error => !this.ending && isConnectionFailure(error);
    if (!callback) {
      return super.connect().catch(async (error: Error) => {
        if (!retries(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
        return super.connect();
      });
    }
    super.connect((error, client, done) => {
      if (!retries(error)) return callback(error, client, done);
      setTimeout(() => super.connect(callback), RECONNECT_DELAY_MS);
    });
    return undefined;
  }
}

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
  const pool = new ReconnectingPool({ connectionString: target.url, max: target.poolSize ?? 10 });
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
