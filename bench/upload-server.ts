import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, rssBytes, spawnQuiet, waitForOk } from '#test/app-process.ts';
import { signUp } from '#test/users.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * A fresh web process of the app on its own data folder, and a pilgrim signed up on it, for
 * measuring what receiving an upload costs the server. Reception alone unless `env` says otherwise
 * (`RUN_MODE: 'all'`): the render jobs an upload queues are left to a worker that does not run here.
 */
export const startUploadServer = async (name: string, env: Record<string, string> = {}) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), `bench-${name}-server-`));
  const port = await freePort();
  const server = spawnQuiet(process.execPath, [path.join(root, 'server/main.ts')], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RUN_MODE: 'web',
    RATE_LIMIT_SCALE: '1000',
    ...env,
  });
  const stop = async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForOk(`${base}/readyz`).catch((error: Error) => {
      throw new Error(
        server.child.exitCode === null
          ? error.message
          : `the server exited with code ${server.child.exitCode}`,
      );
    });
    const { access } = await signUp(base);
    return { base, port, pid: server.child.pid!, access, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

/** Runs `work` while sampling a process's resident memory every 50 ms, and answers its peak growth. */
export const peakRssGrowth = async <T>(pid: number, work: () => Promise<T>) => {
  const before = rssBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 50);
  try {
    return { result: await work(), growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
};
