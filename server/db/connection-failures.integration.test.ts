import { createServer, connect as openSocket, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '#test/test-database.ts';
import { registerErrorHandler } from '../http/error-handler.ts';
import { type Database, openDatabase } from './client.ts';

/**
 * A stand-in for the database's address: it hangs up on the first `refused` connections, as a server
 * that is restarting does, and passes later ones through to `upstream` when there is one.
 */
const flakyServer = async (refused: number, upstream?: URL) => {
  let connections = 0;
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    connections += 1;
    if (connections <= refused || !upstream) {
      socket.destroy();
      return;
    }
    const database = openSocket(Number(upstream.port || 5432), upstream.hostname);
    sockets.push(database);
    socket.pipe(database).pipe(socket);
    socket.on('error', () => database.destroy());
    database.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};

const appOn = async (database: Database, query: () => Promise<unknown> = () => database.ping()) => {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/query', async () => {
    await query();
    return { status: 'done' };
  });
  await app.ready();
  return app;
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.skipIf(testDatabaseKind() === 'postgres')('a database that cannot be reached', () => {
  it('answers 503 with Retry-After and plain words, after trying to connect once more', async () => {
    const server = await flakyServer(Number.POSITIVE_INFINITY);
    const database = await openDatabase({
      kind: 'postgres',
      url: `postgres://postgres@127.0.0.1:${server.port}/app`,
    });
    const app = await appOn(database);
    cleanups.push(server.close, database.close, () => app.close());

    const response = await app.inject({ method: 'GET', url: '/query' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().error).toMatch(/^We cannot reach our database just now/);
    expect(server.connections()).toBe(2);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('a PostgreSQL server that restarts', () => {
  const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test');

  it('goes unnoticed when a connection fails to open once', async () => {
    const server = await flakyServer(1, serverUrl);
    const url = new URL(serverUrl);
    url.port = String(server.port);
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    const app = await appOn(database);
    cleanups.push(server.close, database.close, () => app.close());

    const response = await app.inject({ method: 'GET', url: '/query' });
    expect(response.json()).toEqual({ status: 'done' });
    expect(server.connections()).toBe(2);
  });

  it('answers 503 for a query cut off by the server shutting its connection', async () => {
    const application = `pilgrim-soul-cut-${process.pid}`;
    const url = new URL(serverUrl);
    url.searchParams.set('application_name', application);
    const database = await openDatabase({
      kind: 'postgres',
      url: url.toString(),
      onLostConnection: () => {},
    });
    const app = await appOn(database, () => database.db.execute(sql`select pg_sleep(30)`));
    cleanups.push(database.close, () => app.close());

    const answer = app.inject({ method: 'GET', url: '/query' });
    const admin = new pg.Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    cleanups.push(() => admin.end());
    await expect
      .poll(async () => {
        const { rows } = await admin.query(
          "select pg_terminate_backend(pid) as cut from pg_stat_activity where application_name = $1 and state = 'active'",
          [application],
        );
        return rows.length;
      })
      .toBe(1);

    const response = await answer;
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
  });
});
