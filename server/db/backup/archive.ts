import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { create, extract, type ReadEntry } from 'tar';
import { z } from 'zod';
import { BackupError, DATABASE_FILE, MEDIA_FOLDER, SECRET_FILE, type SnapshotInfo } from './snapshot.ts';

const MANIFEST_FILE = 'manifest.json';
const FORMAT = 'pilgrim-soul-backup';
const FORMAT_VERSION = 1;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  appVersion: z.string(),
  pgliteVersion: z.string(),
  postgresVersion: z.string(),
  files: z.array(
    z.object({
      path: z.string(),
      bytes: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;

const appVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;

/** The PGlite release that wrote (or will load) a dump: a dump loads into the same PostgreSQL major only. */
export const pgliteVersion = (): string => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageFile = path.join(
    entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)),
    'package.json',
  );
  return (JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string }).version;
};

const sha256Of = async (file: string) => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
};

/** Every regular file under the folder, as sorted archive paths (forward slashes). */
const filesUnder = async (folder: string) =>
  (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();

/**
 * A tar's hard-link detection would store a second name of one file (media keys may share a file,
 * see Storage.copy) as a link; a restore accepts no links, so every name is stored as a file of its own.
 */
class NoHardLinks extends Map<`${number}:${number}`, string> {
  override get() {
    return undefined;
  }
}

/**
 * Writes the snapshot in `staging` as one gzip tar at `file`: the manifest first (versions, and every
 * file's size and SHA-256), then the database dump, the secret and the media. It is written beside
 * `file` and renamed into place, so `file` is either the previous archive or the whole new one, and it
 * is readable by its owner only: it holds the secret.
 */
export const writeArchive = async (staging: string, file: string, info: SnapshotInfo): Promise<Manifest> => {
  const files = [];
  for (const name of await filesUnder(staging)) {
    const full = path.join(staging, name);
    files.push({ path: name, bytes: (await stat(full)).size, sha256: await sha256Of(full) });
  }
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: info.createdAt,
    appVersion: appVersion(),
    pgliteVersion: pgliteVersion(),
    postgresVersion: info.postgresVersion,
    files,
  };
  await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  const present = new Set(await readdir(staging));
  const parts = [MANIFEST_FILE, DATABASE_FILE, SECRET_FILE, MEDIA_FOLDER].filter((name) => present.has(name));
  const partial = `${file}.partial`;
  try {
    await pipeline(
      create({ gzip: true, cwd: staging, portable: true, linkCache: new NoHardLinks() }, parts),
      createWriteStream(partial, { mode: 0o600 }),
    );
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return manifest;
};

/** Why an archive entry may not be extracted, or null when it may: plain files and folders in the backup's own places. */
const entryProblem = (entry: ReadEntry): string | null => {
  const name = entry.path.replace(/\/$/, '');
  const segments = name.split('/');
  if (
    name.startsWith('/') ||
    segments.some((segment) => segment === '..' || segment === '.' || segment === '')
  ) {
    return `${entry.path} points outside the archive`;
  }
  if (entry.type !== 'File' && entry.type !== 'Directory')
    return `${entry.path} is a ${entry.type}, not a file`;
  const top = segments[0]!;
  const inMedia = top === MEDIA_FOLDER;
  const knownFile = segments.length === 1 && [MANIFEST_FILE, DATABASE_FILE, SECRET_FILE].includes(top);
  if (entry.type === 'File' ? !(knownFile || (inMedia && segments.length > 1)) : !inMedia) {
    return `${entry.path} is not part of a backup`;
  }
  return null;
};

/**
 * Extracts the archive into `target` and checks it whole: only the backup's own files and folders,
 * the manifest present, and every file listed there with its size and SHA-256, no file more.
 * Rejects with a BackupError naming the first problem.
 */
export const extractArchive = async (file: string, target: string): Promise<Manifest> => {
  const problems: string[] = [];
  try {
    await extract({
      file,
      cwd: target,
      strict: true,
      filter: (_path, entry) => {
        const problem = entryProblem(entry as ReadEntry);
        if (problem) problems.push(problem);
        return problem === null;
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !problems.length) {
      throw new BackupError(`There is no file at ${file}.`);
    }
    throw new BackupError(
      `${file} cannot be read to its end: it is damaged, cut short or not a backup (${(error as Error).message}).`,
    );
  }
  if (problems.length) throw new BackupError(`${file} is refused: ${problems[0]}.`);
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(await readFile(path.join(target, MANIFEST_FILE), 'utf8')));
  } catch {
    throw new BackupError(
      `${file} is refused: it has no readable ${MANIFEST_FILE}, so it is not a backup of this app.`,
    );
  }
  const listed = new Map(manifest.files.map((entry) => [entry.path, entry]));
  const found = (await filesUnder(target)).filter((name) => name !== MANIFEST_FILE);
  const extra = found.find((name) => !listed.has(name));
  if (extra) throw new BackupError(`${file} is refused: ${extra} is not listed in its manifest.`);
  if (!listed.has(DATABASE_FILE)) throw new BackupError(`${file} is refused: it holds no database.`);
  for (const entry of manifest.files) {
    const full = path.join(target, entry.path);
    const bytes = await stat(full).then(
      (stats) => stats.size,
      () => null,
    );
    if (bytes === null) throw new BackupError(`${file} is damaged: ${entry.path} is missing.`);
    if (bytes !== entry.bytes || (await sha256Of(full)) !== entry.sha256) {
      throw new BackupError(`${file} is damaged: ${entry.path} does not match its checksum.`);
    }
  }
  return manifest;
};
