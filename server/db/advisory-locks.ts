import pg from 'pg';
import type { Database } from './client.ts';

/** A lock this process holds until it lets go (or its connection ends, as when the process dies). */
export interface HeldLock {
  release(): Promise<void>;
}

/**
 * PostgreSQL's session advisory locks, shared by every process on the database: one connection per
 * lock held, from a pool of their own so a long hold never starves the queries. PGlite is one process
 * on one connection, where such a lock is re-entrant and so excludes nothing: there every attempt
 * succeeds, and the caller's own exclusion within the process is all there is (decision 001).
 */
export interface AdvisoryLocks {
  /** Takes the lock named `name` at once, or answers null when another session holds it. */
  tryLock(name: string): Promise<HeldLock | null>;
  close(): Promise<void>;
}

const MAX_HELD = 50;
const IDLE_MS = 10_000;

export const createAdvisoryLocks = (database: Database): AdvisoryLocks => {
  if (database.kind === 'pglite' || !database.connectionString)
    return { tryLock: async () => ({ release: async () => {} }), close: async () => {} };
  const pool = new pg.Pool({
    connectionString: database.connectionString,
    max: MAX_HELD,
    idleTimeoutMillis: IDLE_MS,
    allowExitOnIdle: true,
  });
  // A lost idle connection is replaced by the pool; without a listener Node would end the process.
  pool.on('error', () => {});
  return {
    tryLock: async (name) => {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
          [name],
        );
        if (!rows[0]?.locked) {
          client.release();
          return null;
        }
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          try {
            await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]);
            client.release();
          } catch (error) {
            // Closing the connection lets go of every lock it held.
            client.release(error as Error);
          }
        },
      };
    },
    close: () => pool.end(),
  };
};
