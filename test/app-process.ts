import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * The app run as a real process, the way `npm start` and `npm run worker` run it: for the process
 * tests, the browser tests' server and the benchmarks.
 */
const root = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** Past this, a process still shutting down is killed: a test's data folder is thrown away anyway. */
const STOP_PATIENCE_MS = 60_000;

/** Signals a process (or its group) and waits until it has exited; one already gone is left alone. */
const terminate = async (child: ChildProcess, kill: () => void) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  kill();
  const patience = setTimeout(() => child.kill('SIGKILL'), STOP_PATIENCE_MS);
  await exited;
  clearTimeout(patience);
};

/** The environment a test runs the app's scripts with: its own settings over the test defaults. */
export const appEnv = (env: Record<string, string>) => ({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  HOST: '127.0.0.1',
  ...env,
});

export interface AppProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Runs one of the app's scripts with node, as its own process. */
export const startProcess = (script: string, env: Record<string, string>): AppProcess => {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: appEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output, stop: () => terminate(child, () => child.kill('SIGTERM')) };
};

/** For afterEach: kills whatever a test left running. */
export const killProcesses = () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
};

/**
 * Polls `url` until it answers 2xx, and answers how many milliseconds that took. Given the process
 * that should answer, it fails at once, with its output, when that process exits first.
 */
export const waitForOk = async (
  url: string,
  { app, timeoutMs = 120_000 }: { app?: AppProcess; timeoutMs?: number } = {},
) => {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (app && app.child.exitCode !== null) throw new Error(`the app exited early:\n${app.output()}`);
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms${app ? `:\n${app.output()}` : ''}`);
};

/**
 * The app as the browser tests run it, on a free port with its own data folder and rate limits
 * scaled out of the way of many tests signing in from one address. It can be stopped and started
 * again on the same port and data.
 */
export const browserTestServer = async (dataDir: string) => {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '50',
    // Browsers keep connections open; a test server need not wait long for them.
    SHUTDOWN_TIMEOUT_SECONDS: '5',
  };
  let app: AppProcess | null = null;
  return {
    baseURL,
    env,
    start: async () => {
      app = startProcess('server/main.ts', env);
      await waitForOk(`${baseURL}/readyz`, { app });
    },
    stop: async () => {
      await app?.stop();
    },
    output: () => app?.output() ?? '',
  };
};

/**
 * For benchmarks: any command in its own process group, its output dropped, its environment
 * production's. Stopping it stops the whole group, as `npm start` runs the server as a grandchild.
 */
export const spawnQuiet = (command: string, args: string[], env: Record<string, string>) => {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  return { child, stop: () => terminate(child, () => process.kill(-child.pid!, 'SIGTERM')) };
};

export const rssBytes = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes * 1024;
};

/** CPU time (user and system) a process has used so far, from /proc; Linux counts it in ticks of 10 ms. */
export const cpuMs = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
