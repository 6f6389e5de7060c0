import { randomUUID } from 'node:crypto';
import {
  access,
  constants,
  copyFile,
  type FileHandle,
  link,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
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
  /**
   * Makes the file under `from` also stored under `to`, by the store itself and without the bytes
   * passing through the app: on disk a hard link (stored files never change, so the two may share
   * them), in a bucket a server-side copy. Either stays when the other is removed. Rejects with
   * NotFound when there is no such file.
   */
  copy(from: string, to: string): Promise<void>;
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

// Files are mostly read whole (a download, a checksum, a move to a bucket): 1 MiB reads cost a third less
// than the default 64 KiB in system calls and stream hops, and a buffer of that size still fits in
// the processor's cache (4 MiB ones copy slower here).
const READ_CHUNK_BYTES = 1024 * 1024;

// Read buffers are kept for the next file once a reading ends (as many as four readings at once
// need): a fresh megabyte for every file would soon have V8 collect the whole heap over memory it
// does not even hold.
const SPARE_BUFFERS = 8;
const spareBuffers: Buffer[] = [];

/**
 * Reads the open file into two buffers in turn, the next read running while the caller uses the
 * chunk it was given; the file is closed when the reading ends, however it ends.
 */
async function* chunksOf(handle: FileHandle): AsyncGenerator<Uint8Array> {
  const buffers = [0, 1].map(() => spareBuffers.pop() ?? Buffer.allocUnsafeSlow(READ_CHUNK_BYTES));
  let turn = 0;
  let next = handle.read(buffers[turn]!, 0, READ_CHUNK_BYTES, null);
  try {
    for (;;) {
      const { bytesRead, buffer } = await next;
      if (bytesRead === 0) return;
      turn = 1 - turn;
      next = handle.read(buffers[turn]!, 0, READ_CHUNK_BYTES, null);
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    // A caller that stops early leaves a read under way, which must end before the file is closed.
    await next.catch(() => {});
    await handle.close();
    spareBuffers.push(...buffers.slice(0, SPARE_BUFFERS - spareBuffers.length));
  }
}

/**
 * A local file's CRC-32, as a zip records it. Taken once when a file that goes into an account's
 * export is stored (a memory, the keepsake), so the export lays out its zip without reading it.
 */
export const crc32OfFile = async (file: string) => {
  let checksum = 0;
  for await (const chunk of chunksOf(await open(file))) checksum = crc32(chunk, checksum);
  return checksum;
};

const openOrMissing = async (file: string) => {
  try {
    return await open(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw missingFile();
    throw error;
  }
};

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
  // Written in the temporary folder, so an interrupted write never leaves a file among the media.
  const write: Storage['write'] = (key, source) =>
    temporaryFiles.use(async (temporary) => {
      resolve(key);
      const file = temporary('.partial');
      await writeFile(file, source);
      const { size } = await stat(file);
      await putFile(key, file);
      return { bytes: size };
    });
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
    write,
    copy: async (from, to) => {
      const source = resolve(from);
      const target = resolve(to);
      await mkdir(path.dirname(target), { recursive: true });
      // A copy made again (an export's build tried again) replaces the earlier one.
      await rm(target, { force: true });
      try {
        await link(source, target);
      } catch (error) {
        const { code } = error as NodeJS.ErrnoException;
        if (code === 'ENOENT') throw missingFile();
        // A media folder on a file system without hard links gets a copy of the bytes.
        if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
        await copyFile(source, target);
      }
    },
    putFile,
    // Opened here, so a missing file rejects now rather than failing the stream later.
    read: async (key, range) =>
      (await openOrMissing(resolve(key))).createReadStream({ ...range, highWaterMark: READ_CHUNK_BYTES }),
    size: async (key) => {
      try {
        return (await stat(resolve(key))).size;
      } catch {
        return null;
      }
    },
    remove: async (key) => {
      const file = resolve(key);
      // Moved out of the media at once, then deleted without being waited for: freeing a large file's
      // blocks takes tens of milliseconds here (longer on a disk that discards them), and a newer
      // export, say, must only know the older one is gone. Should the process stop first, the
      // temporary folder is emptied at the next start, or swept within the hour.
      const removed = path.join(temporaryFiles.dir, `${randomUUID()}.removed`);
      try {
        await rename(file, removed).catch(async (error) => {
          // No such file, or no temporary folder yet (a fresh data folder): tried again to know which.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          await mkdir(temporaryFiles.dir, { recursive: true });
          await rename(file, removed);
        });
      } catch (error) {
        const { code } = error as NodeJS.ErrnoException;
        if (code === 'ENOENT') return;
        // The temporary folder is on another disk: the file is deleted where it is.
        if (code !== 'EXDEV') throw error;
        return rm(file, { force: true });
      }
      rm(removed, { force: true }).catch(() => {});
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
