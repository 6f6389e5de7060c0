import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Invalid } from '../http/errors.ts';

/** Where media files live. Local disk by default; keys are relative paths like `users/<id>/a.webm`. */
export interface Storage {
  root: string;
  /** Streams into a temporary file and renames it into place only once complete. */
  write(key: string, source: Readable | Buffer): Promise<{ bytes: number }>;
  read(key: string): Readable;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** The local path, for tools like ffmpeg that need a file. */
  localPath(key: string): string;
}

const validKey = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export const assertValidKey = (key: string) => {
  if (!validKey.test(key) || key.includes('..')) throw new Invalid('Invalid media key');
};

export const createLocalStorage = (root: string): Storage => {
  const resolve = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };
  return {
    root,
    write: async (key, source) => {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.partial`;
      const output = createWriteStream(temporary);
      try {
        if (Buffer.isBuffer(source)) {
          await new Promise<void>((done, fail) => output.end(source, () => done()).on('error', fail));
        } else {
          await pipeline(source, output);
        }
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      const written = await stat(target);
      return { bytes: written.size };
    },
    read: (key) => createReadStream(resolve(key)),
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
    localPath: resolve,
  };
};
