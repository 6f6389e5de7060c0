import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { configSchema } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock.ts';
import { extractArchive, type Manifest, pgliteVersion, writeArchive } from './archive.ts';
import { askRunningApp } from './control-socket.ts';
import {
  BackupError,
  controlSocketOf,
  createStagingFolder,
  DATABASE_FILE,
  MEDIA_FOLDER,
  removeStagingFolder,
  SECRET_FILE,
  takeSnapshot,
} from './snapshot.ts';

interface DataFolder {
  dataDir: string;
  mediaDir: string;
  pgliteDir: string;
}

/**
 * The data folder from the environment, as the app reads it, without the app's start-up side
 * effects (loadConfig generates a secret in it, which would leave a folder to restore into not empty).
 * Refuses a PostgreSQL server or a bucket, with what backs those up instead.
 */
export const dataFolderFromEnv = (
  command: 'backup' | 'restore',
  env: Record<string, string | undefined> = process.env,
): DataFolder => {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(`Invalid configuration: ${issue?.path.join('.') || 'config'}: ${issue?.message}`);
  }
  if (parsed.data.DATABASE_URL) {
    throw new BackupError(
      `npm run ${command} is for the embedded database, and DATABASE_URL names a PostgreSQL server. ` +
        'Back that up with pg_dump --format=custom and bring it back with pg_restore (README, "Backups").',
    );
  }
  if (parsed.data.S3_BUCKET) {
    throw new BackupError(
      `npm run ${command} is for the media folder, and S3_BUCKET keeps media in a bucket. ` +
        'Keep them with the bucket’s versioning, or copy them with aws s3 sync or rclone (README, "Backups").',
    );
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return { dataDir, mediaDir: path.join(dataDir, 'media'), pgliteDir: path.join(dataDir, 'pglite') };
};

/**
 * A snapshot made by this process, when no app runs on the data folder: it takes the folder's lock,
 * so an app started meanwhile stops with a clear message instead of sharing the database.
 */
const snapshotStoppedApp = async (folder: DataFolder, staging: string) => {
  let unlock: () => void;
  try {
    unlock = lockDataDir(folder.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `The app running on ${folder.dataDir} does not answer on ${controlSocketOf(folder.dataDir)}: it may still be starting. ` +
        'Try again in a minute; if this goes on, restart the app with this version.',
    );
  }
  try {
    if (!existsSync(folder.pgliteDir)) {
      throw new BackupError(`${folder.dataDir} holds no database yet: there is nothing to back up.`);
    }
    const database = await openDatabase({ kind: 'pglite', dir: folder.pgliteDir });
    try {
      return await takeSnapshot({ pglite: database.pglite!, ...folder }, staging);
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
};

export interface BackupSummary {
  manifest: Manifest;
  /** Whether the running app made the snapshot (else this process did, on a stopped data folder). */
  fromRunningApp: boolean;
}

/** Writes one archive of the data folder at `file`, while the app runs or not. */
export const backUp = async (folder: DataFolder, file: string): Promise<BackupSummary> => {
  if (!existsSync(folder.dataDir)) throw new BackupError(`There is no data folder at ${folder.dataDir}.`);
  const staging = await createStagingFolder(folder.dataDir);
  try {
    const fromApp = await askRunningApp(folder.dataDir, staging);
    const info = fromApp ?? (await snapshotStoppedApp(folder, staging));
    return { manifest: await writeArchive(staging, file, info), fromRunningApp: fromApp !== null };
  } finally {
    await removeStagingFolder(staging);
  }
};

const emptyFolderOrNew = async (dataDir: string) => {
  try {
    const names = await readdir(dataDir);
    if (names.length > 0) {
      const shown = names.slice(0, 3).join(', ');
      throw new BackupError(
        `${dataDir} is not empty (it holds ${shown}${names.length > 3 ? ', …' : ''}). ` +
          'A restore fills an empty data folder only: set DATA_DIR to a new folder, or move this one aside first.',
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dataDir, { recursive: true });
  }
};

/**
 * Fills an empty data folder from an archive: checks the whole archive first, then loads the database
 * dump and puts the media and the secret in place. On any failure the folder is left empty again.
 */
export const restore = async (folder: DataFolder, file: string): Promise<Manifest> => {
  await emptyFolderOrNew(folder.dataDir);
  const unlock = lockDataDir(folder.dataDir);
  const staging = path.join(folder.dataDir, 'restore-staging');
  try {
    await mkdir(staging);
    const manifest = await extractArchive(file, staging);
    const dump = await readFile(path.join(staging, DATABASE_FILE));
    try {
      const database = await openDatabase({
        kind: 'pglite',
        dir: folder.pgliteDir,
        loadDataDir: new Blob([dump]),
      });
      try {
        await database.ping();
      } finally {
        await database.close();
      }
    } catch (error) {
      throw new BackupError(
        `The database in ${file} could not be loaded (written by PGlite ${manifest.pgliteVersion}, this app has ${pgliteVersion()}): ${(error as Error).message}`,
      );
    }
    if (existsSync(path.join(staging, MEDIA_FOLDER))) {
      await rename(path.join(staging, MEDIA_FOLDER), folder.mediaDir);
    }
    if (existsSync(path.join(staging, SECRET_FILE))) {
      await rename(path.join(staging, SECRET_FILE), path.join(folder.dataDir, SECRET_FILE));
      await chmod(path.join(folder.dataDir, SECRET_FILE), 0o600);
    }
    await rm(staging, { recursive: true });
    return manifest;
  } catch (error) {
    for (const made of [staging, folder.pgliteDir, folder.mediaDir, path.join(folder.dataDir, SECRET_FILE)]) {
      await rm(made, { recursive: true, force: true });
    }
    throw error;
  } finally {
    unlock();
  }
};
