import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, killProcesses, startProcess as start, waitForOk } from './app-process.ts';

afterEach(killProcesses);

describe.skipIf(process.env.TEST_DB === 'postgres')('the app process on the embedded database', () => {
  it('guards its data folder, takes over a lock left by kill -9, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-process-'));
    const port = await freePort();
    const first = start('server/main.ts', { DATA_DIR: dataDir, PORT: String(port) });
    await waitForOk(`http://127.0.0.1:${port}/readyz`);

    const second = start('server/main.ts', { DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another process`);

    first.child.kill('SIGKILL');
    await first.exited;

    const third = start('server/main.ts', { DATA_DIR: dataDir, PORT: String(port) });
    await waitForOk(`http://127.0.0.1:${port}/readyz`);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.headers.get('content-type')).toContain('text/html');

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(third.output()).toContain('SIGTERM received');
  });

  it('stops at start with one readable line for a bad setting', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-process-'));
    const run = start('server/main.ts', { DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toMatch(/^Invalid configuration: PORT: .+$/);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('web and worker processes on a PostgreSQL server', () => {
  it('runs a web-only process and a separate worker on one database', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `pilgrim_soul_process_${process.pid}`;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-process-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString(), SECRET: 'x'.repeat(40) };
    const web = start('server/main.ts', { ...env, PORT: String(port), RUN_MODE: 'web' });
    await waitForOk(`http://127.0.0.1:${port}/readyz`);
    const worker = start('server/worker.ts', env);
    await expect.poll(() => worker.output(), { timeout: 30_000 }).toContain('worker is running jobs');
    worker.child.kill('SIGTERM');
    web.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(await web.exited).toBe(0);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('refuses to run a worker without DATABASE_URL', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-process-'));
    const run = start('server/worker.ts', { DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('npm run worker needs DATABASE_URL');
  });
});
