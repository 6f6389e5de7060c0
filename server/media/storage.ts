import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Invalid } from '../http/errors.ts';
import type { TemporaryFiles } from './temporary-files.ts';

/** Where media files live. Local disk by default; keys are relative paths like `users/<id>/a.webm`. */
export interface Storage {
  root: string;
  /** Streams into a file in the temporary folder and moves it into place only once complete. */
  write(key: string, source: Readable | Buffer): Promise<{ bytes: number }>;
  /** Moves a complete local file (a received upload) under the key; the file is gone afterwards. */
  putFile(key: string, file: string): Promise<void>;
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
  return {
    root,
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
