import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { create, extract } from 'tar';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { appEnv, freePort, killProcesses, startProcess, waitForOk } from '#test/app-process.ts';
import { newUserDetails, signIn, signUp } from '#test/users.ts';

/**
 * The backup and restore commands as an operator runs them, against the app as `npm start` runs it:
 * real processes, a real PGlite data folder, real HTTP.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-backup-'));
const emptyFolder = () => mkdtempSync(path.join(scratch, 'data-'));

const runCommand = (command: 'backup' | 'restore', file: string, env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [`server/db/backup/${command}-cli.ts`, file], {
      cwd: root,
      env: appEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => resolve({ code, output }));
  });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const startApp = async (dataDir: string) => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = startProcess('server/main.ts', {
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    // Every write of the test comes from one address.
    RATE_LIMIT_SCALE: '1000',
  });
  await waitForOk(`${base}/readyz`, { app });
  return { app, base };
};

const colour = (i: number) =>
  sharp({ create: { width: 48, height: 48, channels: 3, background: { r: (i * 37) % 256, g: 90, b: 140 } } })
    .png()
    .toBuffer();

/** The media key of a signed media URL: /media/<expiry>/<signature>/<key>. */
const keyOf = (url: string) => new URL(url, 'http://x').pathname.split('/').slice(4).join('/');

afterEach(killProcesses);

describe.skipIf(process.env.TEST_DB === 'postgres')('backup and restore of the embedded default', () => {
  // Made by the first test, from a stopped app, and damaged in turn by the later ones.
  let stoppedArchive = '';

  it('backs up while writes go on, and the restored app holds every write acknowledged before', async () => {
    const dataDir = emptyFolder();
    const original = await startApp(dataDir);
    const pilgrim = await signUp(original.base, newUserDetails());

    // About 20 writes a second: contact messages, and every fourth one a new avatar (which removes the old file).
    const contactsAcknowledged: string[] = [];
    const avatars = new Map<string, string>();
    let writing = true;
    const writes = (async () => {
      for (let i = 0; writing && i < 400; i++) {
        if (i % 4 === 0) {
          const form = new FormData();
          form.append('avatar', new Blob([new Uint8Array(await colour(i))]), 'me.png');
          const response = await fetch(`${original.base}/api/profile/upload/`, {
            method: 'POST',
            headers: pilgrim.headers,
            body: form,
          });
          expect(response.status).toBe(200);
          const key = keyOf(((await response.json()) as { avatar_url: string }).avatar_url);
          avatars.set(key, sha256(readFileSync(path.join(dataDir, 'media', key))));
        } else {
          const email = `writer-${i}@example.com`;
          const response = await fetch(`${original.base}/api/contact/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Writer ${i}`, email, message: `Write number ${i}.` }),
          });
          expect(response.status).toBe(201);
          contactsAcknowledged.push(email);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    await expect.poll(() => contactsAcknowledged.length, { timeout: 30_000 }).toBeGreaterThan(10);
    const acknowledgedBeforeBackup = [...contactsAcknowledged];
    const archive = path.join(scratch, 'while-running.tar.gz');
    const backup = await runCommand('backup', archive, { DATA_DIR: dataDir });
    expect(backup.output).toContain('the running app took the snapshot');
    expect(backup.code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    writing = false;
    await writes;
    expect(contactsAcknowledged.length).toBeGreaterThan(acknowledgedBeforeBackup.length);
    await original.app.stop();

    // With the app stopped, the command opens the database itself.
    stoppedArchive = path.join(scratch, 'stopped.tar.gz');
    const stoppedBackup = await runCommand('backup', stoppedArchive, { DATA_DIR: dataDir });
    expect(stoppedBackup.code, stoppedBackup.output).toBe(0);
    expect(stoppedBackup.output).not.toContain('running app');

    const restoredDir = path.join(scratch, 'restored');
    const restore = await runCommand('restore', archive, { DATA_DIR: restoredDir });
    expect(restore.output).toContain(`Restored ${restoredDir}`);
    expect(restore.code).toBe(0);

    // Every write acknowledged before the backup began is there, whole; every media row has its file, unchanged.
    const restored = await openDatabase({ kind: 'pglite', dir: path.join(restoredDir, 'pglite') });
    try {
      const messages = await restored.pglite!.query<{ email: string; message: string }>(
        'select email, message from contact_messages',
      );
      const stored = new Map(messages.rows.map((row) => [row.email, row.message]));
      for (const email of acknowledgedBeforeBackup) expect(stored.has(email), email).toBe(true);
      for (const [email, message] of stored) {
        expect(message).toBe(`Write number ${/writer-(\d+)@/.exec(email)![1]}.`);
      }
      const media = await restored.pglite!.query<{ avatar_key: string }>(
        'select avatar_key from users where avatar_key is not null',
      );
      expect(media.rows.length).toBeGreaterThan(0);
      for (const { avatar_key: key } of media.rows) {
        expect(sha256(readFileSync(path.join(restoredDir, 'media', key)))).toBe(avatars.get(key));
      }
    } finally {
      await restored.close();
    }

    // The pilgrim signs in on the restored app (same secret, same password) and their avatar is served.
    const copy = await startApp(restoredDir);
    const session = await signIn(copy.base, pilgrim);
    const profile = (await (
      await fetch(`${copy.base}/api/profile/`, { headers: session.headers })
    ).json()) as {
      avatar_url: string;
    };
    const served = await fetch(`${copy.base}${profile.avatar_url}`);
    expect(served.status).toBe(200);
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(avatars.get(keyOf(profile.avatar_url)));
    await copy.app.stop();
    // Four app starts, two backups and a restore, each a process of its own: on 2 cores beside other files, minutes.
  }, 360_000);

  /** The archive's files, one of them changed, packed again with the original manifest. */
  const repacked = async (change: (folder: string) => void) => {
    const folder = mkdtempSync(path.join(scratch, 'repack-'));
    await extract({ file: stoppedArchive, cwd: folder });
    change(folder);
    const file = `${folder}.tar.gz`;
    await create({ gzip: true, file, cwd: folder, portable: true }, readdirSync(folder));
    return file;
  };

  const expectRefused = async (archive: string, message: RegExp) => {
    const dataDir = emptyFolder();
    const restore = await runCommand('restore', archive, { DATA_DIR: dataDir });
    expect(restore.output).toMatch(message);
    expect(restore.code).toBe(1);
    expect(readdirSync(dataDir)).toEqual([]);
  };

  it('refuses a damaged archive, or one with links or paths outside, and leaves the data folder empty', async () => {
    const cutShort = path.join(scratch, 'cut-short.tar.gz');
    const whole = readFileSync(stoppedArchive);
    writeFileSync(cutShort, whole.subarray(0, Math.floor(whole.length / 2)));
    await expectRefused(cutShort, /cut-short\.tar\.gz cannot be read to its end: it is damaged, cut short/);

    const flipped = await repacked((folder) => {
      const dump = readFileSync(path.join(folder, 'database.tar'));
      const middle = dump.length >> 1;
      dump.writeUInt8(dump.readUInt8(middle) ^ 0xff, middle);
      writeFileSync(path.join(folder, 'database.tar'), dump);
    });
    await expectRefused(flipped, /is damaged: database\.tar does not match its checksum/);

    const withLink = await repacked((folder) =>
      symlinkSync('/etc/passwd', path.join(folder, 'media', 'passwd')),
    );
    await expectRefused(withLink, /media\/passwd is a SymbolicLink, not a file/);

    const outside = path.join(scratch, 'outside.tar.gz');
    await create({ gzip: true, file: outside, cwd: path.join(scratch, 'restored'), preservePaths: true }, [
      path.join(scratch, 'restored', 'secret.key'),
    ]);
    await expectRefused(outside, /points outside the archive/);
  });

  it('refuses a data folder that is not empty', async () => {
    const dataDir = emptyFolder();
    mkdirSync(path.join(dataDir, 'media'));
    const restore = await runCommand('restore', stoppedArchive, { DATA_DIR: dataDir });
    expect(restore.output).toContain(`${dataDir} is not empty (it holds media)`);
    expect(restore.code).toBe(1);
    expect(readdirSync(dataDir)).toEqual(['media']);
  });
});

describe('backup and restore refuse what they do not cover', () => {
  it('points to pg_dump on a PostgreSQL server and to the bucket’s own tools with S3_BUCKET', async () => {
    const archive = path.join(scratch, 'never.tar.gz');
    const onServer = await runCommand('backup', archive, {
      DATA_DIR: emptyFolder(),
      DATABASE_URL: 'postgres://pilgrim@127.0.0.1:1/pilgrim_soul',
    });
    expect(onServer.output.trim()).toMatch(
      /^npm run backup is for the embedded database.+pg_dump.+pg_restore/,
    );
    expect(onServer.code).toBe(1);

    const inBucket = await runCommand('restore', archive, {
      DATA_DIR: emptyFolder(),
      S3_BUCKET: 'pilgrim-media',
    });
    expect(inBucket.output.trim()).toMatch(/^npm run restore is for the media folder.+aws s3 sync or rclone/);
    expect(inBucket.code).toBe(1);
  });
});

afterAll(() => rm(scratch, { recursive: true, force: true }));
