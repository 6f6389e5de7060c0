import path from 'node:path';
import { parseArgs } from 'node:util';
import { backUp, dataFolderFromEnv } from './backup.ts';
import { BackupError, DATABASE_FILE, MEDIA_FOLDER, SECRET_FILE } from './snapshot.ts';

/**
 * `npm run backup -- FILE` writes the embedded database, the media folder and the generated secret
 * to one archive, as they were at one moment, while the app runs (it asks the app) or not.
 */
const usage =
  'Usage: npm run backup -- FILE   (for example: npm run backup -- /var/backups/pilgrim-soul.tar.gz)';

const { positionals } = parseArgs({ allowPositionals: true, strict: true });
if (positionals.length !== 1) {
  console.error(`Give the archive to write, and nothing else.\n${usage}`);
  process.exit(2);
}
const file = path.resolve(positionals[0]!);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

try {
  const folder = dataFolderFromEnv('backup');
  const { manifest, fromRunningApp } = await backUp(folder, file);
  const media = manifest.files.filter((entry) => entry.path.startsWith(`${MEDIA_FOLDER}/`));
  const database = manifest.files.find((entry) => entry.path === DATABASE_FILE)!;
  console.info(
    `Backed up ${folder.dataDir} as it was at ${manifest.createdAt}${fromRunningApp ? ' (the running app took the snapshot)' : ''}: ` +
      `the database (${megabytes(database.bytes)}) and ${media.length} media files (${megabytes(media.reduce((sum, entry) => sum + entry.bytes, 0))}), in ${file}.`,
  );
  if (manifest.files.some((entry) => entry.path === SECRET_FILE)) {
    console.info(
      'The archive holds secret.key, which signs sessions, media links and emailed links: keep it as private as the data itself.',
    );
  } else {
    console.info(
      'The app signs with SECRET from its environment (there is no secret.key): keep that setting with this backup, or sessions and links will not survive a restore.',
    );
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
