import path from 'node:path';
import { parseArgs } from 'node:util';
import { dataFolderFromEnv, restore } from './backup.ts';
import { BackupError, MEDIA_FOLDER, SECRET_FILE } from './snapshot.ts';

/**
 * `npm run restore -- FILE` fills an empty DATA_DIR from an archive of `npm run backup`, once the
 * whole archive has been checked. Then `npm start` runs on it.
 */
const usage = 'Usage: DATA_DIR=/path/to/empty/folder npm run restore -- FILE';

const { positionals } = parseArgs({ allowPositionals: true, strict: true });
if (positionals.length !== 1) {
  console.error(`Give the archive to restore from, and nothing else.\n${usage}`);
  process.exit(2);
}
const file = path.resolve(positionals[0]!);

try {
  const folder = dataFolderFromEnv('restore');
  const manifest = await restore(folder, file);
  const media = manifest.files.filter((entry) => entry.path.startsWith(`${MEDIA_FOLDER}/`)).length;
  const secret = manifest.files.some((entry) => entry.path === SECRET_FILE);
  console.info(
    `Restored ${folder.dataDir} as it was at ${manifest.createdAt}: the database, ${media} media files` +
      `${secret ? ' and secret.key' : ''}. Start the app on it with npm start.`,
  );
  if (!secret) {
    console.info(
      'The archive holds no secret.key: start the app with the SECRET it had, or everyone signs in again.',
    );
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
