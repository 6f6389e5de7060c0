import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, killProcesses, startProcess, waitForOk } from './app-process.ts';

afterEach(killProcesses);

const crashOnSignal = import.meta.resolve('./crash-on-signal.ts');

describe.skipIf(process.env.TEST_DB === 'postgres')('an app process with an uncaught exception', () => {
  it('logs it as fatal, closes its database and lock, and exits 1 for the process manager to restart it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-crash-'));
    const port = await freePort();
    const app = startProcess('server/main.ts', {
      DATA_DIR: dataDir,
      PORT: String(port),
      NODE_OPTIONS: `--import=${crashOnSignal}`,
    });
    await waitForOk(`http://127.0.0.1:${port}/readyz`, { app });

    app.child.kill('SIGUSR2');
    expect(await app.exited).toBe(1);
    const fatal = app
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number })
      .filter((line) => line.level === 60);
    expect(fatal).toEqual([
      expect.objectContaining({
        msg: 'uncaughtException: the process exits',
        origin: 'uncaughtException',
        err: expect.objectContaining({ type: 'Error', message: 'boom' }),
      }),
    ]);
    expect(existsSync(path.join(dataDir, 'app.lock'))).toBe(false);
  });
});
