import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import send from '@fastify/send';
import type { Config } from '../config.ts';
import { assertValidKey, assertValidPrefix, type ByteRange, missingFile, type Storage } from './storage.ts';
import type { TemporaryFiles } from './temporary-files.ts';

/**
 * How long a bucket URL handed to a browser works. Each visit to the app's own media URL (itself
 * signed for MEDIA_URL_TTL_SECONDS) gets a fresh one, so this only has to outlast one viewing.
 */
export const PRESIGNED_URL_SECONDS = 15 * 60;

export type S3Settings = { bucket: string } & Pick<
  Config,
  'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/** The client settings for the bucket, shared with the resumable uploads' S3 store. */
export const s3ClientConfig = (settings: S3Settings) =>
  ({
    region: settings.S3_REGION,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
    ...(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: settings.S3_ACCESS_KEY_ID,
            secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's default
    // checksummed (aws-chunked) uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }) satisfies S3ClientConfig;

/** What the bucket answers a file with, as the media folder does (@fastify/send): text in UTF-8, such as captions. */
const contentTypeOf = (key: string) => {
  const type = send.mime.getType(key) ?? 'application/octet-stream';
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
};

const createClient = (settings: S3Settings) => new S3Client(s3ClientConfig(settings));

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;

/** The Storage interface on an S3 bucket, for processes that share no disk. */
export const createS3Storage = (settings: S3Settings, temporaryFiles: TemporaryFiles): Storage => {
  const client = createClient(settings);
  const Bucket = settings.bucket;

  /** Streams in parts (a few at a time); a failure aborts the multipart upload, so no object appears. */
  const upload = (key: string, body: Readable | Buffer) => {
    assertValidKey(key);
    return new Upload({
      client,
      params: {
        Bucket,
        Key: key,
        Body: body,
        ContentType: contentTypeOf(key),
      },
    }).done();
  };

  const read = async (key: string, range?: ByteRange) => {
    assertValidKey(key);
    try {
      const { Body } = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
      if (!(Body instanceof Readable)) throw new Error(`The bucket answered ${key} without a body`);
      return Body;
    } catch (error) {
      if (isMissing(error)) throw missingFile();
      throw error;
    }
  };

  return {
    ping: async () => {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    delivery: {
      kind: 'redirect',
      url: (key, headers) => {
        assertValidKey(key);
        return getSignedUrl(
          client,
          new GetObjectCommand({
            Bucket,
            Key: key,
            ResponseCacheControl: headers.cacheControl,
            ...(headers.fileName
              ? { ResponseContentDisposition: `inline; filename="${headers.fileName}"` }
              : {}),
          }),
          { expiresIn: PRESIGNED_URL_SECONDS },
        );
      },
    },
    write: async (key, source) => {
      if (Buffer.isBuffer(source)) {
        await upload(key, source);
        return { bytes: source.length };
      }
      let bytes = 0;
      async function* counted() {
        for await (const chunk of source) {
          bytes += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
      }
      await upload(key, Readable.from(counted()));
      return { bytes };
    },
    copy: async (from, to) => {
      assertValidKey(from);
      assertValidKey(to);
      try {
        // Keys hold only letters, digits, '.', '_', '-' and '/': nothing to escape in the source.
        await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from}` }));
      } catch (error) {
        if (isMissing(error)) throw missingFile();
        throw error;
      }
    },
    putFile: async (key, file) => {
      await upload(key, createReadStream(file));
      await rm(file, { force: true });
    },
    read,
    size: async (key) => {
      assertValidKey(key);
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    remove: async (key) => {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    list: async (prefix) => {
      assertValidPrefix(prefix);
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      }
      return keys.sort();
    },
    withLocalFiles: (keys, work) =>
      temporaryFiles.use(async (temporary) => {
        const files: string[] = [];
        for (const [index, key] of keys.entries()) {
          // The extension is kept: ffmpeg guesses some formats from it.
          const file = temporary(`.${index}${path.extname(key)}`);
          await pipeline(await read(key), createWriteStream(file));
          files.push(file);
        }
        return work(files);
      }),
  };
};
