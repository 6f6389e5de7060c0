import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '#test/test-database.ts';
import type { Database } from './client.ts';

describe.skipIf(testDatabaseKind() !== 'postgres')('the PostgreSQL connection pool', () => {
  let database: Database;
  const lost: Error[] = [];

  beforeAll(async () => {
    database = await openTestDatabase({ onLostConnection: (error) => lost.push(error) });
  });
  afterAll(() => database.close());

  const backendPid = async () => {
    const result = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as {
      rows: { pid: number }[];
    };
    return result.rows[0]!.pid;
  };

  it('survives the server closing an idle connection, reports it, and reconnects', async () => {
    const pid = await backendPid();

    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();

    await expect.poll(() => lost.length, { timeout: 5_000 }).toBe(1);
    expect(lost[0]).toMatchObject({ code: '57P01' });
    expect(await backendPid()).not.toBe(pid);
  });
});
