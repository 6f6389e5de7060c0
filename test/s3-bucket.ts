import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

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
