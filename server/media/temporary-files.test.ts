import { mkdtemp, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from './storage.ts';
import { createTemporaryFiles, emptyTemporaryFolder, TEMPORARY_FILE_MAX_AGE_MS } from './temporary-files.ts';

const dataFolder = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-temporary-'));
  return { mediaDir: path.join(dataDir, 'media'), temporaryDir: path.join(dataDir, 'tmp') };
};

const age = (file: string, milliseconds: number) => {
  const then = new Date(Date.now() - milliseconds);
  return utimes(file, then, then);
};

const listed = async (dir: string) => (await readdir(dir, { recursive: true })).sort();

describe('the temporary folder', () => {
  it('sweeps files nobody owns that have not been written for an hour, and keeps fresh or owned ones', async () => {
    const { temporaryDir } = await dataFolder();
    const files = createTemporaryFiles(temporaryDir);
    expect(await files.sweep()).toBe(0);

    await files.use(async (temporary) => {
      const owned = temporary('.segment.mov');
      // A tool names its own files after the output it was given; they belong to the same work.
      const derived = `${owned}.1234.partial`;
      const stale = path.join(temporaryDir, 'killed-upload.upload');
      const fresh = path.join(temporaryDir, 'live-upload.upload');
      for (const file of [owned, derived, stale, fresh]) await writeFile(file, 'bytes');
      await age(owned, 2 * TEMPORARY_FILE_MAX_AGE_MS);
      await age(derived, 2 * TEMPORARY_FILE_MAX_AGE_MS);
      await age(stale, TEMPORARY_FILE_MAX_AGE_MS + 60_000);
      await age(fresh, TEMPORARY_FILE_MAX_AGE_MS - 60_000);

      expect(await files.sweep()).toBe(1);
      expect(await listed(temporaryDir)).toEqual(
        [owned, derived, fresh].map((file) => path.basename(file)).sort(),
      );
      // Two minutes on, the upload that stopped receiving bytes has been silent for an hour: it goes too.
      expect(await files.sweep(Date.now() + 2 * 60_000)).toBe(1);
      expect(await listed(temporaryDir)).toEqual([owned, derived].map((file) => path.basename(file)).sort());
    });

    // The work removed its files when it ended.
    expect(await listed(temporaryDir)).toEqual([]);
  });

  it('removes the files of work that fails, and then no longer protects its name', async () => {
    const { temporaryDir } = await dataFolder();
    const files = createTemporaryFiles(temporaryDir);
    let kept = '';
    await expect(
      files.use(async (temporary) => {
        kept = temporary('.poster.jpg');
        await writeFile(kept, 'half a poster');
        throw new Error('ffmpeg stopped');
      }),
    ).rejects.toThrow('ffmpeg stopped');
    expect(await listed(temporaryDir)).toEqual([]);

    await writeFile(kept, 'the same name, written by nobody');
    await age(kept, 2 * TEMPORARY_FILE_MAX_AGE_MS);
    expect(await files.sweep()).toBe(1);
  });

  it('is emptied at start, folders included', async () => {
    const { temporaryDir } = await dataFolder();
    const files = createTemporaryFiles(temporaryDir);
    await files.use(async (temporary) => writeFile(temporary('.partial'), 'left'));
    await writeFile(path.join(temporaryDir, 'a.upload'), 'left by a killed process');
    emptyTemporaryFolder(temporaryDir);
    expect(await listed(temporaryDir)).toEqual([]);
  });

  it('holds what storage is writing, and nothing of it stays among the media or in the folder', async () => {
    const { mediaDir, temporaryDir } = await dataFolder();
    const storage = createLocalStorage(mediaDir, createTemporaryFiles(temporaryDir));
    let seenWhileWriting: string[] = [];
    async function* slowly() {
      yield Buffer.from('first half ');
      // The file stream opens its file a moment after its first write is handed over.
      seenWhileWriting = await vi.waitFor(async () => {
        const found = await listed(temporaryDir);
        if (found.length === 0) throw new Error('nothing written yet');
        return found;
      });
      yield Buffer.from('second half');
    }
    expect(await storage.write('users/a/cover.jpg', Readable.from(slowly()))).toEqual({ bytes: 22 });
    expect(seenWhileWriting).toEqual([expect.stringMatching(/\.partial$/)]);
    expect(await readFile(path.join(mediaDir, 'users/a/cover.jpg'), 'utf8')).toBe('first half second half');
    expect(await listed(temporaryDir)).toEqual([]);

    async function* broken() {
      yield Buffer.from('a start');
      throw new Error('the client went away');
    }
    await expect(storage.write('users/a/avatar.jpg', Readable.from(broken()))).rejects.toThrow(
      'the client went away',
    );
    expect(await listed(temporaryDir)).toEqual([]);
    expect(await listed(mediaDir)).toEqual(['users', 'users/a', 'users/a/cover.jpg']);
  });
});
