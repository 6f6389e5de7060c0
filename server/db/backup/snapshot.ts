import { randomUUID } from 'node:crypto';
import { copyFileSync, type Dirent, linkSync, mkdirSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** A refusal or failure told to the operator as it is: one calm line, no stack. */
export class BackupError extends Error {}

/** The names a snapshot and its archive use, from the data folder's root. */
export const DATABASE_FILE = 'database.tar';
export const MEDIA_FOLDER = 'media';
export const SECRET_FILE = 'secret.key';

/** Where a running app answers `npm run backup`: only its own OS user may open it (mode 0600). */
export const controlSocketOf = (dataDir: string) => path.join(dataDir, 'control.sock');

/**
 * Snapshots are made inside the data folder, beside the media, so media files can be hard-linked
 * into them (the same disk), and outside `tmp/`, whose hourly sweep would take a link for a stale
 * file: a link keeps its media file's old modification time.
 */
const stagingRootOf = (dataDir: string) => path.join(dataDir, 'backup-staging');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A fresh folder for one backup's snapshot, named after the process making it, so a later backup
 * removes what a killed one left and leaves a running one's alone.
 */
export const createStagingFolder = async (dataDir: string): Promise<string> => {
  const root = stagingRootOf(dataDir);
  await mkdir(root, { recursive: true, mode: 0o700 });
  for (const name of await readdir(root)) {
    const owner = Number.parseInt(name, 10);
    if (!Number.isInteger(owner) || !isAlive(owner)) {
      await rm(path.join(root, name), { recursive: true, force: true });
    }
  }
  const folder = path.join(root, `${process.pid}-${randomUUID()}`);
  await mkdir(folder, { mode: 0o700 });
  return folder;
};

/** Whether a folder a running app is asked to fill is one `createStagingFolder` made in its data folder. */
export const isStagingFolder = (dataDir: string, folder: string) =>
  path.dirname(path.resolve(folder)) === stagingRootOf(dataDir);

export const removeStagingFolder = async (folder: string) => {
  await rm(folder, { recursive: true, force: true });
  // The root goes too once no other backup is using it, so a stopped data folder holds only its own parts.
  await rm(path.dirname(folder), { recursive: false }).catch(() => {});
};

export interface SnapshotInfo {
  createdAt: string;
  postgresVersion: string;
}

/** Hard links the media folder's files into `target`; answers those that could only be copied. */
const linkMedia = (mediaDir: string, target: string): { from: string; to: string }[] => {
  const toCopy: { from: string; to: string }[] = [];
  let entries: Dirent[];
  try {
    entries = readdirSync(mediaDir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return toCopy;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const from = path.join(entry.parentPath, entry.name);
    const to = path.join(target, path.relative(mediaDir, from));
    mkdirSync(path.dirname(to), { recursive: true });
    try {
      linkSync(from, to);
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      // Removed since the listing, or linked already by the pass before the dump.
      if (code === 'ENOENT' || code === 'EEXIST') continue;
      // A media folder on another disk, or on a file system without hard links.
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
      toCopy.push({ from, to });
    }
  }
  return toCopy;
};

/**
 * Fills `staging` with the data folder as it was at one moment: the database (PGlite's own dump of
 * its data folder, made between two queries, so it holds every committed transaction and no half of
 * one), the media files, and the generated secret.
 *
 * Media files never change in place: a new file gets a new key and an old one is removed after its
 * row. So every file the dumped rows name was there just before the dump or just after it: the media
 * are hard-linked both times (a link keeps a file removed afterwards), the second time as soon as the
 * dump ends. A file added around the dump is a harmless extra.
 */
export const takeSnapshot = async (
  parts: { pglite: PGlite; dataDir: string; mediaDir: string },
  staging: string,
): Promise<SnapshotInfo> => {
  const version = await parts.pglite.query<{ server_version: string }>(
    `select current_setting('server_version') as server_version`,
  );
  const media = path.join(staging, MEDIA_FOLDER);
  mkdirSync(media);
  const before = linkMedia(parts.mediaDir, media);
  const dump = await parts.pglite.dumpDataDir('none');
  const createdAt = new Date().toISOString();
  const after = linkMedia(parts.mediaDir, media);
  const toCopy = new Map([...before, ...after].map((file) => [file.to, file.from]));
  try {
    copyFileSync(path.join(parts.dataDir, SECRET_FILE), path.join(staging, SECRET_FILE));
  } catch (error) {
    // With SECRET given, no secret is generated: the operator keeps that setting themselves.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  for (const [to, from] of toCopy) {
    await copyFile(from, to).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  await writeFile(path.join(staging, DATABASE_FILE), dump.stream());
  return { createdAt, postgresVersion: version.rows[0]?.server_version ?? 'unknown' };
};
