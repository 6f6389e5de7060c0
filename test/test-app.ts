import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createLogger, createRuntime, type Runtime } from '#server/runtime.ts';
import { type OutboxMessage, readOutbox } from './outbox.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  deps: Runtime;
  /** Messages the app wrote to its outbox, oldest first. */
  outbox(): Promise<OutboxMessage[]>;
  close(): Promise<void>;
}

export type { OutboxMessage };

/** The real app on a private copy of the migrated database, a temporary data folder and the outbox mailer. */
export const createTestApp = async (
  env: Record<string, string> = {},
  /** Where the log goes, for a test that reads it (LOG_LEVEL in `env` then says how much). */
  logTo?: DestinationStream,
): Promise<TestApp> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const database = await openTestDatabase();
  const runtime = await createRuntime({
    config,
    database,
    // A log that is read is the product's own, with its serializers and redaction.
    logger: logTo
      ? createLogger({ LOG_LEVEL: env.LOG_LEVEL ? config.LOG_LEVEL : 'info' }, logTo)
      : pino({ level: env.LOG_LEVEL ?? 'silent' }),
    jobPollingIntervalSeconds: 0.5,
  });
  const app = await buildApp(runtime);
  await app.ready();
  return {
    app,
    deps: runtime,
    outbox: () => readOutbox(runtime.config.outboxDir),
    close: async () => {
      await app.close();
      await runtime.close();
      // A render stopped by the close may still be removing its temporary files.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
};

/**
 * A second server on the same data folder and database: after `testApp.app` is closed, the same server
 * restarted; while it runs, another web process beside it.
 */
export const serverBeside = async (testApp: TestApp, options: { runsWorkers?: boolean } = {}) => {
  const runtime = await createRuntime({
    config: testApp.deps.config,
    database: testApp.deps.database,
    logger: pino({ level: 'silent' }),
    jobPollingIntervalSeconds: 0.5,
    ...options,
  });
  const app = await buildApp(runtime);
  return {
    app,
    deps: runtime,
    /** Stops it without closing the database, which the first server owns. */
    close: async () => {
      await app.close();
      await runtime.queue.stop();
      await runtime.pubsub.close();
      await runtime.advisoryLocks.close();
    },
  };
};
