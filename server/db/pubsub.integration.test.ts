import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test/test-database.ts';
import { waitFor } from '#test/wait-for.ts';
import type { Database } from './client.ts';
import { createPubSub, LISTENER_APPLICATION_NAME, type PubSub } from './pubsub.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

describe(`messages between processes on ${process.env.TEST_DB}`, () => {
  let database: Database;
  let pubsub: PubSub;

  beforeAll(async () => {
    database = await openTestDatabase();
    pubsub = createPubSub(database, pino({ level: 'silent' }));
  }, 120_000);

  afterAll(async () => {
    await pubsub.close();
    await database.close();
  });

  it('delivers a message to each listener of its channel, and none after they stop', async () => {
    const [first, second, other]: (string | null)[][] = [[], [], []];
    const stopFirst = await pubsub.subscribe('test_walk', (payload) => first!.push(payload));
    const stopSecond = await pubsub.subscribe('test_walk', (payload) => second!.push(payload));
    const stopOther = await pubsub.subscribe('test_rest', (payload) => other!.push(payload));
    await pubsub.publish('test_walk', 'Buen Camino');
    await waitFor(
      () => first!.length + second!.length,
      (count) => count === 2,
    );
    expect(first).toEqual(['Buen Camino']);
    expect(second).toEqual(['Buen Camino']);
    expect(other).toEqual([]);

    await stopFirst();
    await stopFirst();
    expect(pubsub.listenerCount('test_walk')).toBe(1);
    await stopSecond();
    await stopOther();
    expect(pubsub.listenerCount('test_walk')).toBe(0);
    // Listening afresh on the channel: the new listener hears what those that stopped do not.
    const fresh: (string | null)[] = [];
    const stopFresh = await pubsub.subscribe('test_walk', (payload) => fresh.push(payload));
    await pubsub.publish('test_walk', 'after');
    await waitFor(
      () => fresh,
      (seen) => seen.includes('after'),
    );
    await stopFresh();
    expect(second).toEqual(['Buen Camino']);
    expect(first).toEqual(['Buen Camino']);
  });

  it('sends a message published in a transaction only when it commits', async () => {
    const heard: (string | null)[] = [];
    const stop = await pubsub.subscribe('test_commit', (payload) => heard.push(payload));
    await database.db
      .transaction(async (tx) => {
        await pubsub.publish('test_commit', 'rolled back', tx);
        throw new Error('roll back');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await pubsub.publish('test_commit', 'committed', tx);
    });
    await waitFor(
      () => heard,
      (seen) => seen.length > 0,
    );
    expect(heard).toEqual(['committed']);
    await stop();
  });

  it('refuses a channel that is not a plain lower-case name', async () => {
    await expect(pubsub.subscribe('Soul Story; drop table users', () => {})).rejects.toThrow();
    await expect(pubsub.publish('soul-story', 'x')).rejects.toThrow();
  });

  it.runIf(onPostgres)('listens on one connection, however many channels and listeners', async () => {
    const stops = await Promise.all(
      ['test_one_a', 'test_one_b', 'test_one_b'].map((channel) => pubsub.subscribe(channel, () => {})),
    );
    const listening = (await database.db.execute(
      sql`select count(*)::int as count from pg_stat_activity
          where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    )) as { rows: { count: number }[] };
    expect(listening.rows).toEqual([{ count: 1 }]);
    for (const stop of stops) await stop();
  });

  it.runIf(onPostgres)(
    'listens again after losing its connection, and tells its listeners to read afresh',
    async () => {
      const heard: (string | null)[] = [];
      const stop = await pubsub.subscribe('test_reconnect', (payload) => heard.push(payload));
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
      );
      await waitFor(
        () => heard,
        (seen) => seen.includes(null),
        15_000,
      );
      await pubsub.publish('test_reconnect', 'back');
      await waitFor(
        () => heard,
        (seen) => seen.includes('back'),
      );
      await stop();
    },
  );
});
