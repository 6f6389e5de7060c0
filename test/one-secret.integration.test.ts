import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, killProcesses, startProcess } from './app-process.ts';

afterEach(killProcesses);

const ready = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
  } catch {
    return 'refused';
  }
};

describe.runIf(process.env.TEST_DB === 'postgres')(
  'web processes on one PostgreSQL server without SECRET',
  () => {
    it('accept each other’s tokens, through the one secret kept in the database', async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `pilgrim_soul_one_secret_${process.pid}`;
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const webOn = async () => {
        const port = await freePort();
        const web = startProcess('server/main.ts', {
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-one-secret-')),
          DATABASE_URL: url.toString(),
          PORT: String(port),
          RUN_MODE: 'web',
        });
        await expect
          .poll(() => ready(port), { timeout: 120_000, interval: 200, message: web.output() })
          .toBe(200);
        return { web, base: `http://127.0.0.1:${port}` };
      };
      const first = await webOn();
      const second = await webOn();

      const registered = await fetch(`${first.base}/api/register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'shared',
          email: 'shared@example.org',
          password: 'a long enough password',
        }),
      });
      expect(registered.status).toBe(201);
      const { access } = (await registered.json()) as { access: string };
      const me = await fetch(`${second.base}/api/user/`, { headers: { authorization: `Bearer ${access}` } });
      expect(me.status).toBe(200);

      for (const { web } of [first, second]) {
        web.child.kill('SIGTERM');
        expect(await web.exited).toBe(0);
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
  },
);
