import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, constants, copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Invalid, NotFound } from '../http/errors.ts';
import type { TemporaryFiles } from './temporary-files.ts';

/** The bytes from `start` to `end`, both included, as in HTTP Range; to the end of the file without `end`. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** What a browser is told along with a stored file. */
export interface StoredFileHeaders {
  cacheControl: string;
  /** Sent as `Content-Disposition: inline; filename="…"`, so the file still plays in place. */
  fileName?: string;
}

/**
 * How stored files reach a browser: the app streams them from the media folder, or sends the browser
 * to a short-lived URL of the bucket that answers with the given headers.
 */
export type Delivery =
  | { kind: 'folder'; root: string }
  | { kind: 'redirect'; url(key: string, headers: StoredFileHeaders): Promise<string> };

/**
 * Where media files live: DATA_DIR/media by default, or an S3 bucket (s3-storage.ts). Keys are
 * relative paths like `users/<id>/a.webm`.
 */
export interface Storage {
  delivery: Delivery;
  /** Stores the whole stream under the key, or nothing if it fails part way. */
  write(key: string, source: Readable | Buffer): Promise<{ bytes: number }>;
  /** Moves a complete local file (a received upload) under the key; the file is gone afterwards. */
  putFile(key: string, file: string): Promise<void>;
  /** Rejects with NotFound when there is no such file. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Every key that starts with the prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * Runs `work` with a local file for each key, for tools like ffmpeg that need a path: the stored
   * file itself on disk; from a bucket, a copy in the temporary folder, removed when the work ends.
   */
  withLocalFiles<T>(keys: string[], work: (files: string[]) => Promise<T>): Promise<T>;
  /** Rejects when the store cannot be used: /readyz asks before a process takes traffic. */
  ping(): Promise<void>;
}

// Files are read whole, to be copied (an export, a move to a bucket): 1 MiB reads cost a third less
// than the default 64 KiB in system calls and stream hops.
const READ_CHUNK_BYTES = 1024 * 1024;

export const missingFile = () => new NotFound('This file no longer exists.');

const validKey = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export const assertValidKey = (key: string) => {
  if (!validKey.test(key) || key.includes('..')) throw new Invalid('Invalid media key');
};

/** A prefix is a key's beginning: empty, or cut anywhere, even inside a name. */
export const assertValidPrefix = (prefix: string) => {
  if (prefix) assertValidKey(prefix.endsWith('/') ? `${prefix}x` : prefix);
};

export const createLocalStorage = (root: string, temporaryFiles: TemporaryFiles): Storage => {
  const resolve = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };
  const putFile = async (key: string, file: string) => {
    const target = resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(file, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // The media folder is on another disk than the temporary folder: the copy has to be made on the
      // media's disk to be renamed into place whole, so only this case writes beside the target.
      const copy = `${target}.${randomUUID()}.partial`;
      try {
        await copyFile(file, copy);
        await rename(copy, target);
      } catch (copyError) {
        await rm(copy, { force: true });
        throw copyError;
      }
      await rm(file, { force: true });
    }
  };
  const listFiles = async (folder: string) => {
    try {
      return await readdir(folder, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  return {
    delivery: { kind: 'folder', root },
    ping: () => access(root, constants.R_OK | constants.W_OK),
    write: (key, source) =>
      // Written in the temporary folder, so an interrupted write never leaves a file among the media.
      temporaryFiles.use(async (temporary) => {
        resolve(key);
        const file = temporary('.partial');
        const output = createWriteStream(file);
        if (Buffer.isBuffer(source)) {
          await new Promise<void>((done, fail) => output.end(source, () => done()).on('error', fail));
        } else {
          await pipeline(source, output);
        }
        const { size } = await stat(file);
        await putFile(key, file);
        return { bytes: size };
      }),
    putFile,
    read: async (key, range) => {
      const file = resolve(key);
      try {
        // Opened here, so a missing file rejects now rather than failing the stream later.
        return (await open(file)).createReadStream({ ...range, highWaterMark: READ_CHUNK_BYTES });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw missingFile();
        throw error;
      }
    },
    size: async (key) => {
      try {
        return (await stat(resolve(key))).size;
      } catch {
        return null;
      }
    },
    remove: async (key) => {
      await rm(resolve(key), { force: true });
    },
    list: async (prefix) => {
      assertValidPrefix(prefix);
      const folder = path.join(root, prefix.slice(0, prefix.lastIndexOf('/') + 1));
      return (
        (await listFiles(folder))
          .filter((entry) => entry.isFile())
          .map((entry) =>
            path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
          )
          // Only names a key can have: a stray file (an editor's backup, .DS_Store) is no media.
          .filter((key) => key.startsWith(prefix) && validKey.test(key))
          .sort()
      );
    },
    withLocalFiles: (keys, work) => work(keys.map(resolve)),
  };
};
