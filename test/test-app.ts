import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createRuntime, type Runtime } from '../server/runtime.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  deps: Runtime;
  /** Messages the app wrote to its outbox, oldest first. */
  outbox(): Promise<OutboxMessage[]>;
  close(): Promise<void>;
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** The real app on a private copy of the migrated database, a temporary data folder and the outbox mailer. */
export const createTestApp = async (env: Record<string, string> = {}): Promise<TestApp> => {
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
    logger: pino({ level: env.LOG_LEVEL ?? 'silent' }),
    jobPollingIntervalSeconds: 0.5,
  });
  const app = await buildApp(runtime);
  await app.ready();
  return {
    app,
    deps: runtime,
    outbox: async () => {
      const files = (await readdir(runtime.config.outboxDir).catch(() => [])).filter((file) =>
        file.endsWith('.json'),
      );
      files.sort();
      return Promise.all(
        files.map(async (file) =>
          JSON.parse(await readFile(path.join(runtime.config.outboxDir, file), 'utf8')),
        ),
      );
    },
    close: async () => {
      await app.close();
      await runtime.close();
      // A render stopped by the close may still be removing its temporary files.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
};
