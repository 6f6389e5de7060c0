import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestBucket } from '#test/s3-bucket.ts';
import { createTestApp } from '#test/test-app.ts';
import { loadConfig } from '../config.ts';
import { Invalid, NotFound } from '../http/errors.ts';
import { createS3Storage, PRESIGNED_URL_SECONDS } from './s3-storage.ts';
import { createLocalStorage, type Storage } from './storage.ts';
import { createTemporaryFiles } from './temporary-files.ts';

interface OpenStorage {
  storage: Storage;
  temporaryDir: string;
  close(): Promise<void>;
}

const dataFolder = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-storage-'));
  return { dataDir, temporaryDir: path.join(dataDir, 'tmp') };
};

/** Every backend answers the same contract; the app runs on either without knowing which. */
const backends: { name: string; open(): Promise<OpenStorage> }[] = [
  {
    name: 'local disk',
    open: async () => {
      const { dataDir, temporaryDir } = await dataFolder();
      return {
        storage: createLocalStorage(path.join(dataDir, 'media'), createTemporaryFiles(temporaryDir)),
        temporaryDir,
        close: () => rm(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'an S3 bucket',
    open: async () => {
      const { dataDir, temporaryDir } = await dataFolder();
      const bucket = await startTestBucket();
      const config = loadConfig({ DATA_DIR: dataDir, ...bucket.env });
      return {
        storage: createS3Storage(
          { ...config, bucket: config.S3_BUCKET! },
          createTemporaryFiles(temporaryDir),
        ),
        temporaryDir,
        close: async () => {
          await bucket.close();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
];

const bytesOf = async (stream: Readable) => Buffer.concat(await stream.toArray());

const leftInFolder = async (dir: string) => {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
};

describe.each(backends)('storage on $name', (backend) => {
  let opened: OpenStorage;
  let storage: Storage;
  beforeAll(async () => {
    opened = await backend.open();
    storage = opened.storage;
  });
  afterAll(() => opened.close());

  it('answers the readiness check once it holds a file', async () => {
    await storage.write('ready/probe.txt', Buffer.from('here'));
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it('stores a stream, a buffer and a received file, and reads each back whole', async () => {
    async function* inPieces() {
      yield Buffer.from('first half ');
      yield Buffer.from('second half');
    }
    expect(await storage.write('users/a/note.txt', Readable.from(inPieces()))).toEqual({ bytes: 22 });
    expect(await storage.write('users/a/cover.jpg', Buffer.from('a cover'))).toEqual({ bytes: 7 });
    // Larger than one part of a multipart upload.
    const video = randomBytes(6 * 1024 * 1024 + 123);
    const received = path.join(await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-upload-')), 'upload');
    await writeFile(received, video);
    await storage.putFile('users/a/take.webm', received);

    await expect(readFile(received)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await bytesOf(await storage.read('users/a/note.txt'))).toString()).toBe('first half second half');
    expect((await bytesOf(await storage.read('users/a/cover.jpg'))).toString()).toBe('a cover');
    expect((await bytesOf(await storage.read('users/a/take.webm'))).equals(video)).toBe(true);
    expect(await storage.size('users/a/take.webm')).toBe(video.length);
    expect(await leftInFolder(opened.temporaryDir)).toEqual([]);
  });

  it('copies a file by the store itself: the copy outlives the original, and a copy made again replaces it', async () => {
    const take = randomBytes(6 * 1024 * 1024 + 123);
    await storage.write('users/e/take.webm', take);
    await storage.write('users/e/other.webm', Buffer.from('another take'));
    await storage.copy('users/e/take.webm', 'exports/e/1/files/01.webm');
    await storage.remove('users/e/take.webm');
    expect((await bytesOf(await storage.read('exports/e/1/files/01.webm'))).equals(take)).toBe(true);

    await storage.copy('users/e/other.webm', 'exports/e/1/files/01.webm');
    expect((await bytesOf(await storage.read('exports/e/1/files/01.webm'))).toString()).toBe('another take');
    expect(await storage.size('users/e/other.webm')).toBe(12);
    await expect(storage.copy('users/e/take.webm', 'exports/e/1/files/02.webm')).rejects.toBeInstanceOf(
      NotFound,
    );
    expect(await storage.list('exports/e/')).toEqual(['exports/e/1/files/01.webm']);
    await expect(storage.copy('users/e/other.webm', '../outside.webm')).rejects.toBeInstanceOf(Invalid);
    expect(await leftInFolder(opened.temporaryDir)).toEqual([]);
  });

  it('reads a byte range, as a video player seeking asks for', async () => {
    await storage.write('users/b/range.txt', Buffer.from('0123456789'));
    expect((await bytesOf(await storage.read('users/b/range.txt', { start: 3, end: 6 }))).toString()).toBe(
      '3456',
    );
    expect((await bytesOf(await storage.read('users/b/range.txt', { start: 7 }))).toString()).toBe('789');
  });

  it('stores nothing when the stream fails part way', async () => {
    async function* broken() {
      yield Buffer.from('a start');
      throw new Error('the client went away');
    }
    await expect(storage.write('users/c/avatar.jpg', Readable.from(broken()))).rejects.toThrow(
      'the client went away',
    );
    expect(await storage.size('users/c/avatar.jpg')).toBeNull();
    expect(await storage.list('users/c/')).toEqual([]);
  });

  it('answers a missing file as missing, and removing it is no error', async () => {
    expect(await storage.size('users/none/gone.mp4')).toBeNull();
    await expect(storage.read('users/none/gone.mp4')).rejects.toBeInstanceOf(NotFound);
    await storage.remove('users/none/gone.mp4');
  });

  it('takes a removed file out at once, and leaves nothing behind once it is deleted', async () => {
    await storage.write('users/f/old-export.zip', randomBytes(3 * 1024 * 1024));
    await storage.remove('users/f/old-export.zip');
    expect(await storage.size('users/f/old-export.zip')).toBeNull();
    await expect(storage.read('users/f/old-export.zip')).rejects.toBeInstanceOf(NotFound);
    await expect.poll(() => leftInFolder(opened.temporaryDir)).toEqual([]);
  });

  it('lists the keys under a prefix, and forgets removed ones', async () => {
    await storage.write('lists/one/a.jpg', Buffer.from('a'));
    await storage.write('lists/one/b.jpg', Buffer.from('b'));
    await storage.write('lists/one/nested/c.jpg', Buffer.from('c'));
    await storage.write('lists/other/d.jpg', Buffer.from('d'));

    expect(await storage.list('lists/one/')).toEqual([
      'lists/one/a.jpg',
      'lists/one/b.jpg',
      'lists/one/nested/c.jpg',
    ]);
    expect(await storage.list('lists/o')).toHaveLength(4);
    expect(await storage.list('lists/one/b')).toEqual(['lists/one/b.jpg']);
    expect(await storage.list('lists/nobody/')).toEqual([]);

    await storage.remove('lists/one/a.jpg');
    expect(await storage.size('lists/one/a.jpg')).toBeNull();
    expect(await storage.list('lists/one/')).toEqual(['lists/one/b.jpg', 'lists/one/nested/c.jpg']);
  });

  it('hands tools like ffmpeg a file per key, keeping the extension, and leaves no copy behind', async () => {
    await storage.write('tools/x.webm', Buffer.from('first'));
    await storage.write('tools/y.mov', Buffer.from('second'));
    const seen = await storage.withLocalFiles(['tools/x.webm', 'tools/y.mov'], (files) =>
      Promise.all(files.map(async (file) => [path.extname(file), await readFile(file, 'utf8')])),
    );
    expect(seen).toEqual([
      ['.webm', 'first'],
      ['.mov', 'second'],
    ]);
    expect(await leftInFolder(opened.temporaryDir)).toEqual([]);
    expect(await storage.size('tools/x.webm')).toBe(5);
  });

  it('refuses keys that could leave the media', async () => {
    await expect(storage.write('../secret.key', Buffer.from('x'))).rejects.toBeInstanceOf(Invalid);
    await expect(storage.read('users/../../secret.key')).rejects.toBeInstanceOf(Invalid);
    await expect(storage.list('../')).rejects.toBeInstanceOf(Invalid);
  });
});

describe('delivery from an S3 bucket', () => {
  let opened: OpenStorage;
  beforeAll(async () => {
    opened = await backends[1]!.open();
  });
  afterAll(() => opened.close());

  const urlOf = (key: string) => {
    const { delivery } = opened.storage;
    if (delivery.kind !== 'redirect') throw new Error('a bucket delivers by redirect');
    return delivery.url(key, { cacheControl: 'private, no-cache', fileName: 'soul-story.mp4' });
  };

  it('gives a short-lived URL that serves ranges with the download name, and is refused once expired', async () => {
    await opened.storage.write('shared/keepsake.mp4', Buffer.from('0123456789'));
    const fresh = await fetch(await urlOf('shared/keepsake.mp4'), { headers: { range: 'bytes=2-4' } });
    expect(fresh.status).toBe(206);
    expect(await fresh.text()).toBe('234');
    expect(fresh.headers.get('content-type')).toBe('video/mp4');
    expect(fresh.headers.get('content-disposition')).toBe('inline; filename="soul-story.mp4"');
    expect(fresh.headers.get('cache-control')).toBe('private, no-cache');

    // Signed a moment longer ago than it lasts.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - (PRESIGNED_URL_SECONDS + 5) * 1000 });
    let expired: string;
    try {
      expired = await urlOf('shared/keepsake.mp4');
    } finally {
      vi.useRealTimers();
    }
    const refused = await fetch(expired);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Request has expired');
  });
});

describe('a store that cannot be used', () => {
  it('fails the readiness check: a missing media folder, a missing bucket', async () => {
    const { dataDir, temporaryDir } = await dataFolder();
    const bucket = await startTestBucket();
    try {
      const missingFolder = createLocalStorage(
        path.join(dataDir, 'nowhere'),
        createTemporaryFiles(temporaryDir),
      );
      await expect(missingFolder.ping()).rejects.toThrow();
      const config = loadConfig({ DATA_DIR: dataDir, ...bucket.env, S3_BUCKET: 'no-such-bucket' });
      const missingBucket = createS3Storage(
        { ...config, bucket: config.S3_BUCKET! },
        createTemporaryFiles(temporaryDir),
      );
      await expect(missingBucket.ping()).rejects.toThrow();
    } finally {
      await bucket.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps the app out of traffic: /readyz answers 503 with the reason', async () => {
    const bucket = await startTestBucket();
    const testApp = await createTestApp({ ...bucket.env, S3_BUCKET: 'no-such-bucket' });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'The media storage is not reachable.' });
    } finally {
      await testApp.close();
      await bucket.close();
    }
  });
});
