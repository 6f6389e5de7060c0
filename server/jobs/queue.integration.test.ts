import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { openTestDatabase } from '#test/test-database.ts';
import { waitFor } from '#test/wait-for.ts';
import { createJobQueue, defineJob } from './queue.ts';

describe(`job queue on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  const runs: { name: string; value: number; at: number }[] = [];
  let failuresLeft = 1;

  beforeAll(async () => {
    testApp = await createTestApp();
    const { queue } = testApp.deps;
    await queue.register([
      defineJob<{ value: number }>({
        name: 'test-echo',
        handle: async (data) => {
          runs.push({ name: 'test-echo', value: data.value, at: Date.now() });
        },
      }),
      defineJob<{ value: number }>({
        name: 'test-flaky',
        queue: { retryLimit: 3, retryDelay: 1 },
        handle: async (data) => {
          if (failuresLeft-- > 0) throw new Error('first attempt fails');
          runs.push({ name: 'test-flaky', value: data.value, at: Date.now() });
        },
      }),
    ]);
    await queue.startWorkers();
  });

  afterAll(() => testApp.close());

  it('runs a job that was sent', async () => {
    await testApp.deps.queue.send('test-echo', { value: 1 });
    await waitFor(
      () => runs.filter((run) => run.name === 'test-echo' && run.value === 1),
      (found) => found.length === 1,
    );
  });

  it('retries a job after a failure', async () => {
    await testApp.deps.queue.send('test-flaky', { value: 2 });
    const [run] = await waitFor(
      () => runs.filter((entry) => entry.name === 'test-flaky'),
      (found) => found.length === 1,
    );
    expect(run?.value).toBe(2);
    expect(failuresLeft).toBeLessThan(0);
  });

  it('runs a delayed job only after its delay', async () => {
    const sentAt = Date.now();
    await testApp.deps.queue.send('test-echo', { value: 3 }, { startAfter: 2 });
    const [run] = await waitFor(
      () => runs.filter((entry) => entry.name === 'test-echo' && entry.value === 3),
      (found) => found.length === 1,
    );
    expect(run!.at - sentAt).toBeGreaterThanOrEqual(1900);
  });

  it('enqueues inside a transaction, and a rolled-back transaction enqueues nothing', async () => {
    const { db, queue } = testApp.deps;
    await db
      .transaction(async (tx) => {
        await queue.send('test-echo', { value: 4 }, {}, tx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await queue.send('test-echo', { value: 5 }, {}, tx);
    });
    await waitFor(
      () => runs.filter((entry) => entry.value === 5),
      (found) => found.length === 1,
    );
    expect(runs.some((entry) => entry.value === 4)).toBe(false);
  });
});

describe(`a sent job on ${process.env.TEST_DB}`, () => {
  it('wakes its worker at once rather than at the next poll', async () => {
    const database = await openTestDatabase();
    const logger = pino({ level: 'silent' });
    // Two queues, as a web process and a worker process have: the job crosses between them.
    const [sender, worker] = await Promise.all([
      createJobQueue({ database, logger, runsWorkers: false }),
      createJobQueue({ database, logger, runsWorkers: true, pollingIntervalSeconds: 60 }),
    ]);
    try {
      const handled: number[] = [];
      const echo = defineJob<{ value: number }>({
        name: 'test-woken',
        handle: async (data) => {
          handled.push(data.value);
        },
      });
      await sender.register([echo]);
      await worker.register([echo]);
      await worker.startWorkers();
      // Past the worker's first look for jobs, the next one would come a minute later.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await sender.send('test-woken', { value: 7 });
      await waitFor(
        () => handled,
        (values) => values.includes(7),
        15_000,
      );
    } finally {
      await worker.stop();
      await sender.stop();
      await database.close();
    }
  });
});

describe(`job counts on ${process.env.TEST_DB}`, () => {
  it('counts every registered queue by state, and how long its oldest ready job has waited', async () => {
    const database = await openTestDatabase();
    // A process without workers: what it sends stays waiting.
    const queue = await createJobQueue({ database, logger: pino({ level: 'silent' }), runsWorkers: false });
    try {
      const handle = async () => {};
      await queue.register([
        defineJob({ name: 'test-counted', handle }),
        defineJob({ name: 'test-idle', handle }),
      ]);
      await queue.send('test-counted', {});
      await queue.send('test-counted', {});
      await queue.send('test-counted', {}, { startAfter: 3600 });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const counts = await queue.counts();
      const of = (name: string, state: string) =>
        counts.find((row) => row.queue === name && row.state === state);
      expect(of('test-counted', 'waiting')).toMatchObject({ jobs: 2 });
      expect(of('test-counted', 'waiting')!.oldestSeconds).toBeGreaterThanOrEqual(1);
      expect(of('test-counted', 'deferred')).toMatchObject({ jobs: 1 });
      expect(of('test-counted', 'active')).toMatchObject({ jobs: 0 });
      for (const state of ['waiting', 'deferred', 'active', 'failed'])
        expect(of('test-idle', state)).toEqual({ queue: 'test-idle', state, jobs: 0, oldestSeconds: 0 });
    } finally {
      await queue.stop();
      await database.close();
    }
  });
});
