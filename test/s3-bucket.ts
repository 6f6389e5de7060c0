import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver, { type S3rverContext } from 's3rver';

/**
 * ListParts and AbortMultipartUpload, which s3rver lacks and resumable uploads' S3 store needs. s3rver
 * keeps an unfinished multipart upload's parts in `<bucket>/._S3rver_uploads/<uploadId>/<number>` (with
 * `<number>.md5`), and removes that folder once the upload is completed.
 */
const multipartUploadRoutes =
  (directory: string) => async (context: S3rverContext, next: () => Promise<void>) => {
    const uploadId = context.query.uploadId;
    const [, bucket = '', ...key] = context.path.split('/');
    const isListOrAbort =
      typeof uploadId === 'string' && (context.method === 'GET' || context.method === 'DELETE');
    if (!isListOrAbort || !/^[0-9a-f]+$/.test(uploadId)) return next();
    const folder = path.join(directory, bucket, '._S3rver_uploads', uploadId);
    const names = await readdir(folder).catch(() => null);
    if (!names) {
      context.status = 404;
      context.type = 'application/xml';
      context.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    if (context.method === 'DELETE') {
      await rm(folder, { recursive: true, force: true });
      context.status = 204;
      return;
    }
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const file = path.join(folder, String(number));
        const [{ size }, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
        return `<Part><PartNumber>${number}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
      }),
    );
    context.status = 200;
    context.type = 'application/xml';
    context.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };

export interface TestBucket {
  /** The app's settings for this bucket, to pass to loadConfig or createTestApp. */
  env: Record<string, string>;
  /** The key of every object written so far (put, copied or completed in parts), in order, repeats included. */
  written(): string[];
  close(): Promise<void>;
}

/**
 * A local server speaking the S3 wire protocol (multipart uploads, Range, presigned URLs and their
 * expiry) on a free port, with an empty `media` bucket in a temporary folder.
 */
export const startTestBucket = async (): Promise<TestBucket> => {
  const directory = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'media' }],
  });
  server.middleware.unshift(multipartUploadRoutes(directory));
  const written: string[] = [];
  server.on('event', (event) => {
    for (const record of event.Records)
      if (record.eventName.startsWith('ObjectCreated:')) written.push(record.s3.object.key);
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: 'media',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver's own keys: it checks signatures.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    written: () => [...written],
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};
