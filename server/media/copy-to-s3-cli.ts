import path from 'node:path';
import { prepareProcess } from '../start.ts';
import { copyMedia } from './copy-to-bucket.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalStorage } from './storage.ts';
import { createTemporaryFiles } from './temporary-files.ts';

/**
 * `npm run media:copy-to-s3` copies DATA_DIR/media into the bucket of the S3_* settings, before the
 * app is started with them. Run it with the app stopped (or run it again afterwards): the files
 * already in the bucket are skipped. The media folder is left as it was.
 */
const { config, unlock } = prepareProcess();
try {
  if (!config.S3_BUCKET) {
    console.error('Set S3_BUCKET (and the other S3_* settings of the README) to the bucket to copy into.');
    process.exitCode = 2;
  } else {
    const temporaryFiles = createTemporaryFiles(config.temporaryDir);
    const { copied, skipped } = await copyMedia(
      createLocalStorage(path.resolve(config.mediaDir), temporaryFiles),
      createS3Storage({ ...config, bucket: config.S3_BUCKET }, temporaryFiles),
      (key) => console.info(`copied ${key}`),
    );
    console.info(`${copied} files copied to ${config.S3_BUCKET}, ${skipped} already there.`);
  }
} finally {
  unlock();
}
