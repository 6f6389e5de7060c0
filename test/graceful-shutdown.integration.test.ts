import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, killProcesses, startProcess } from './app-process.ts';

afterEach(killProcesses);

const readyzStatus = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
  } catch {
    return 'refused';
  }
};

/** A sign-up for the newsletter whose body arrives in two halves, the second only when `finish` is called. */
const slowSubscribe = (port: number) => {
  const body = JSON.stringify({ email: 'slow-reader@example.org', optIn: true });
  const half = Math.floor(body.length / 2);
  const sent = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/newsletter/subscribe/',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    sent.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    sent.on('error', reject);
  });
  sent.write(body.slice(0, half));
  return { answered, finish: () => sent.end(body.slice(half)) };
};

describe.skipIf(process.env.TEST_DB === 'postgres')('the app process on SIGTERM', () => {
  it('says it is not ready, finishes the request in flight, and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-shutdown-'));
    const port = await freePort();
    const app = startProcess('server/main.ts', { DATA_DIR: dataDir, PORT: String(port) });
    await expect.poll(() => readyzStatus(port), { timeout: 120_000, interval: 200 }).toBe(200);

    const subscribe = slowSubscribe(port);
    // The headers have arrived, so the request is running, once the app logs it.
    await expect.poll(() => app.output(), { timeout: 10_000 }).toContain('/api/newsletter/subscribe/');
    app.child.kill('SIGTERM');

    await expect.poll(() => readyzStatus(port), { timeout: 10_000, interval: 50 }).toBe(503);
    const notReady = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(notReady.headers.get('retry-after')).toBe('5');
    expect((await notReady.json()).error).toMatch(/restarting/);
    expect(app.child.exitCode).toBeNull();

    subscribe.finish();
    const answer = await subscribe.answered;
    expect(answer).toMatchObject({ status: 200 });
    expect(await app.exited).toBe(0);
    expect(app.output()).toContain('SIGTERM received');
  });

  it('cuts off a request still running at SHUTDOWN_TIMEOUT_SECONDS, and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-shutdown-'));
    const port = await freePort();
    const app = startProcess('server/main.ts', {
      DATA_DIR: dataDir,
      PORT: String(port),
      SHUTDOWN_TIMEOUT_SECONDS: '1',
    });
    await expect.poll(() => readyzStatus(port), { timeout: 120_000, interval: 200 }).toBe(200);

    const subscribe = slowSubscribe(port);
    await expect.poll(() => app.output(), { timeout: 10_000 }).toContain('/api/newsletter/subscribe/');
    const signalled = Date.now();
    app.child.kill('SIGTERM');

    await expect(subscribe.answered).rejects.toThrow();
    expect(await app.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(app.output()).toContain('requests still running at the shutdown deadline are cut off');
  });
});
