import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '#test/s3-bucket.ts';
import { loadConfig } from '../config.ts';
import { createS3Storage } from './s3-storage.ts';
import { createTemporaryFiles } from './temporary-files.ts';

const run = promisify(execFile);

describe('npm run media:copy-to-s3', () => {
  let bucket: TestBucket;
  let dataDir: string;
  beforeAll(async () => {
    bucket = await startTestBucket();
    dataDir = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-copy-'));
  });
  afterAll(async () => {
    await bucket.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const copy = (env: Record<string, string> = bucket.env) =>
    run(process.execPath, ['server/media/copy-to-s3-cli.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    });

  it('copies the media folder into the bucket, and a second run skips what is already there', async () => {
    const media = path.join(dataDir, 'media');
    await mkdir(path.join(media, 'soul-stories', 'u1'), { recursive: true });
    await writeFile(path.join(media, 'soul-stories', 'u1', 'take.webm'), 'a take');
    await mkdir(path.join(media, 'avatars'), { recursive: true });
    await writeFile(path.join(media, 'avatars', 'u1.webp'), 'a face');

    const first = await copy();
    expect(first.stdout).toContain('2 files copied to media, 0 already there.');
    const config = loadConfig({ DATA_DIR: dataDir, ...bucket.env });
    const stored = createS3Storage({ ...config, bucket: 'media' }, createTemporaryFiles(config.temporaryDir));
    expect(await stored.list('')).toEqual(['avatars/u1.webp', 'soul-stories/u1/take.webm']);
    expect(Buffer.concat(await (await stored.read('soul-stories/u1/take.webm')).toArray()).toString()).toBe(
      'a take',
    );

    await writeFile(path.join(media, 'avatars', 'u2.webp'), 'another face');
    expect((await copy()).stdout).toContain('1 files copied to media, 2 already there.');
  });

  it('says what is missing without a bucket', async () => {
    await expect(copy({})).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('S3_BUCKET') });
  });
});
