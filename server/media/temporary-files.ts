import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { lstat, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';

/** A file nobody owns is removed once it has not been written for this long; the sweep runs as often. */
export const TEMPORARY_FILE_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * The data folder's temporary folder (`DATA_DIR/tmp`): uploads being received, files on their way
 * into storage and renders in progress. Nothing in it outlives its request or job: the work removes
 * its files when it ends, the folder is emptied at start, and the sweep removes what a killed
 * process left.
 */
export interface TemporaryFiles {
  dir: string;
  /**
   * Runs `work` with a fresh name in the temporary folder: `temporary(suffix)` is a path under it.
   * Every file whose name starts with that name (including ones a tool derives from it) belongs to
   * the work until it ends, then is removed, whether it succeeded or not.
   */
  use<T>(work: (temporary: (suffix: string) => string) => Promise<T>): Promise<T>;
  /**
   * Removes the files that no live work in this process owns and that have not been written for
   * an hour. An upload being received is written as its bytes arrive, so its age is the time since
   * the client's last byte. Answers how many it removed.
   */
  sweep(now?: number): Promise<number>;
}

const ownerLength = randomUUID().length;

export const createTemporaryFiles = (dir: string): TemporaryFiles => {
  /** The names owned by live work; a file is theirs when its name starts with one. */
  const live = new Set<string>();

  const names = async () => {
    try {
      return await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  const remove = (name: string) => rm(path.join(dir, name), { recursive: true, force: true });

  return {
    dir,
    use: async (work) => {
      await mkdir(dir, { recursive: true });
      const owner = randomUUID();
      live.add(owner);
      try {
        return await work((suffix) => path.join(dir, `${owner}${suffix}`));
      } finally {
        try {
          await Promise.all((await names()).filter((name) => name.startsWith(owner)).map(remove));
        } finally {
          live.delete(owner);
        }
      }
    },
    sweep: async (now = Date.now()) => {
      let removed = 0;
      for (const name of await names()) {
        if (live.has(name.slice(0, ownerLength))) continue;
        try {
          if (now - (await lstat(path.join(dir, name))).mtimeMs < TEMPORARY_FILE_MAX_AGE_MS) continue;
          await remove(name);
          removed++;
        } catch (error) {
          // Removed meanwhile by the work that owned it.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return removed;
    },
  };
};

/**
 * Empties the temporary folder of a data folder locked to this process (server/start.ts): no other
 * process can be using it and this one has not started any work, so everything in it is left over.
 */
export const emptyTemporaryFolder = (dir: string) => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
};

/**
 * Sweeps now and then every hour, in every process (web, worker or both): each one sweeps the
 * folder its own requests and jobs write to. Answers a function that stops it.
 */
export const sweepEveryHour = (files: TemporaryFiles, logger: Logger): (() => void) => {
  const sweep = () =>
    files
      .sweep()
      .then((removed) => {
        if (removed > 0) logger.info({ removed, dir: files.dir }, 'removed left-over temporary files');
      })
      .catch((error) => logger.warn({ err: error }, 'could not sweep the temporary folder'));
  void sweep();
  const timer = setInterval(sweep, TEMPORARY_FILE_MAX_AGE_MS);
  timer.unref();
  return () => clearInterval(timer);
};
