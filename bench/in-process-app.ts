import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createRuntime } from '#server/runtime.ts';

/**
 * The app built in this process on a fresh data folder and listening on a free port. Rate limits are
 * scaled out of the way: a benchmark measures the work behind a route, not the rate limiter.
 */
export const listenInProcess = async (name: string, options: { jobPollingIntervalSeconds?: number } = {}) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), `pilgrim-soul-bench-${name}-`));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000000' });
  const runtime = await createRuntime({ config, logger: pino({ level: 'warn' }), ...options });
  const app = await buildApp(runtime);
  const close = async () => {
    await app.close();
    await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    return { url: await app.listen({ port: 0, host: '127.0.0.1' }), runtime, close };
  } catch (error) {
    await close();
    throw error;
  }
};
