import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, killProcesses, startProcess, waitForOk } from './app-process.ts';
import { signIn, signUp } from './users.ts';
import { waitFor } from './wait-for.ts';

afterEach(killProcesses);

/** What is in the temporary folder, with sizes. */
const temporaryFiles = async (dataDir: string) => {
  const dir = path.join(dataDir, 'tmp');
  const names = await readdir(dir).catch(() => []);
  return Promise.all(
    names.map(async (name) => ({ name, bytes: (await stat(path.join(dir, name)).catch(() => null))?.size })),
  );
};

/**
 * Starts a 200 MB video upload and sends its first megabytes, then keeps the request open as a
 * client on a slow link would; the server is killed while it waits.
 */
const startLargeUpload = (port: number, token: string) => {
  const boundary = `----pilgrim${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\ncall\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="take.webm"\r\n` +
      'Content-Type: video/webm\r\n\r\n',
  );
  const upload = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/soulstory/upload/',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + 200 * 1024 * 1024),
    },
  });
  // The server dies mid-request: the client sees its connection reset.
  const ended = new Promise<void>((resolve) => {
    upload.on('error', () => resolve());
    upload.on('response', () => resolve());
  });
  upload.write(head);
  const chunk = Buffer.alloc(1024 * 1024);
  for (let sent = 0; sent < 8; sent++) upload.write(chunk);
  return { ended };
};

describe.skipIf(process.env.TEST_DB === 'postgres')('temporary files of a killed process', () => {
  it('are gone once the app restarts on the same data folder, and the app still takes uploads', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-process-'));
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dataDir, PORT: String(port) };
    const first = startProcess('server/main.ts', env);
    await waitForOk(`${baseURL}/readyz`);

    const account = await signUp(baseURL);

    const upload = startLargeUpload(port, account.access);
    await waitFor(
      () => temporaryFiles(dataDir),
      (files) => files.some((file) => (file.bytes ?? 0) >= 4 * 1024 * 1024),
      30_000,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    await upload.ended;
    const left = await temporaryFiles(dataDir);
    expect(left).toEqual([{ name: expect.stringMatching(/\.upload$/), bytes: expect.any(Number) }]);
    expect(left[0]!.bytes).toBeGreaterThanOrEqual(4 * 1024 * 1024);

    const second = startProcess('server/main.ts', env);
    await waitForOk(`${baseURL}/readyz`);
    expect(await temporaryFiles(dataDir)).toEqual([]);

    const signedIn = await signIn(baseURL, account);
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('type', 'photo');
    form.append('title', 'After the restart');
    form.append('media', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    const saved = await fetch(`${baseURL}/api/soulstory/upload/`, {
      method: 'POST',
      headers: signedIn.headers,
      body: form,
    });
    expect(saved.status).toBe(201);
    expect(await saved.json()).toMatchObject({ title: 'After the restart', type: 'photo' });

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
