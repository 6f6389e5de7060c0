import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { type DataStore, ERRORS, Metadata, Server, type Upload } from '@tus/server';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { MAX_VIDEO_BYTES, type StoryType, storyType, uploadFields } from '#contract/soul-story.ts';
import {
  MAX_UNFINISHED_UPLOAD_BYTES,
  MAX_UNFINISHED_UPLOADS,
  UPLOAD_EXPIRY_MS,
  UPLOAD_IDEMPOTENCY_KEY,
  UPLOAD_IDEMPOTENCY_KEY_MAX_LENGTH,
  UPLOAD_ITEM_ID_HEADER,
  UPLOADS_PATH,
  uploadLimitFor,
  uploadMessages,
} from '#contract/uploads.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError, Conflict, Invalid, NotFound, TooLarge, TooMany } from '#server/http/errors.ts';
import { assertCleanText } from '#server/http/text-hygiene.ts';
import { s3ClientConfig } from '#server/media/s3-storage.ts';
import type { SavedMemory, SoulStoryService } from '../soul-story/index.ts';
import { createLiveSegments, LIVE_RENDER_GRACE_MS, type LiveRender } from './live-segments.ts';
import { resumableUploads } from './tables.ts';
import { createUploadLocker } from './upload-locker.ts';

export const EXPIRE_JOB = 'uploads.expire';
export interface ExpireJobData {
  uploadId: string;
}

export type UploadsDeps = Pick<
  AppDeps,
  | 'config'
  | 'db'
  | 'queue'
  | 'logger'
  | 'temporaryFiles'
  | 'storage'
  | 'mediaTools'
  | 'advisoryLocks'
  | 'pubsub'
  | 'metrics'
>;
type UploadRow = typeof resumableUploads.$inferSelect;

/** What the HTTP route learnt about a request before tus sees it: who asks, and about which upload. */
export interface UploadRequestContext {
  userId: string;
  /** A new upload's checked metadata and declared length; an existing one's row. */
  creating?: { type: StoryType; title: string; idempotencyKey?: string; bytes?: number };
  upload?: UploadRow;
  /** The upload whose memory this request saved: once tus has answered, its own bytes go. */
  saved?: string;
  /** What went wrong inside tus, for the log: tus's own answer would carry its text to the client. */
  failure?: unknown;
}

/** A creation sent again: the upload the first one made, and where it stands. */
interface EarlierUpload {
  id: string;
  offset: number;
  length?: number;
  itemId?: string;
}

/** Ids name nothing guessable: 128 random bits, and nothing of the user or the file. */
const newUploadId = () => `upload-${randomBytes(16).toString('hex')}`;
const uploadIdPattern = /^upload-[0-9a-f]{32}$/;

const createDataStore = (config: AppDeps['config']): DataStore =>
  config.S3_BUCKET
    ? new S3Store({
        s3ClientConfig: {
          ...s3ClientConfig({ ...config, bucket: config.S3_BUCKET }),
          bucket: config.S3_BUCKET,
        },
        expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
        // Expiry is told by the upload's own record and the expire job, not object tags: several
        // S3-compatible services do not support tagging.
        useTags: false,
      })
    : new FileStore({ directory: config.uploadsDir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });

/** A tus error answer: the route turns its body into `{ error }`. */
const refusal = (status: number, message: string) => ({ status_code: status, body: message });
/** The status of an error tus or a store threw as its answer; undefined for any other failure. */
const tusStatusOf = (error: unknown) => (error as { status_code?: number } | null)?.status_code;

/**
 * Reads `Upload-Metadata` (`key base64,key base64`) into a story type and title, with the same checks
 * and words as the multipart route's fields.
 */
export const readUploadMetadata = (header: string | undefined) => {
  let metadata: Record<string, string | null>;
  try {
    metadata = Metadata.parse(header);
  } catch {
    throw new Invalid(uploadMessages.metadataInvalid, 'Upload-Metadata');
  }
  // Base64 hides these from the gate every body passes; PostgreSQL cannot store NUL in text.
  assertCleanText(metadata);
  const type = storyType.safeParse(metadata.type);
  if (!type.success) throw new Invalid(type.error.issues[0]!.message, 'type');
  const fields = uploadFields.safeParse({ title: metadata.title ?? '', type: type.data });
  if (!fields.success) throw new Invalid(fields.error.issues[0]!.message, 'title');
  const idempotencyKey = metadata[UPLOAD_IDEMPOTENCY_KEY] || undefined;
  if (idempotencyKey && idempotencyKey.length > UPLOAD_IDEMPOTENCY_KEY_MAX_LENGTH)
    throw new Invalid(uploadMessages.idempotencyKeyInvalid, UPLOAD_IDEMPOTENCY_KEY);
  return { ...fields.data, idempotencyKey };
};
type UploadFields = ReturnType<typeof readUploadMetadata>;

/**
 * Resumable uploads over tus 1.0: the tus server with its store (files in DATA_DIR/uploads, or the S3
 * bucket), the table of who owns each upload, and completion through the Soul Stories service.
 */
export const createUploadsService = (deps: UploadsDeps, soulStory: SoulStoryService) => {
  const { db, queue, logger, temporaryFiles, storage } = deps;
  const datastore = createDataStore(deps.config);
  /** The HTTP route's knowledge of each request, for the tus hooks that receive only the request. */
  const contexts = new WeakMap<object, UploadRequestContext>();
  /** Completions under way in this process: a retried final PATCH waits for the first instead of making a second memory. */
  const completing = new Map<string, Promise<string>>();
  const liveSegments = createLiveSegments(deps);

  const contextOf = (request: object) => {
    const context = contexts.get(request);
    if (!context) throw new Error('A tus request reached the server without the route’s checks');
    return context;
  };

  const findOwned = async (userId: string, id: string) => {
    if (!uploadIdPattern.test(id)) throw new NotFound(uploadMessages.notFound);
    const [row] = await db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
    // Another user's upload is answered like one that never existed.
    if (!row || row.userId !== userId) throw new NotFound(uploadMessages.notFound);
    return row;
  };

  const forget = async (id: string) => {
    liveSegments.cancel(id);
    await datastore.remove(id).catch((error: unknown) => {
      const status = tusStatusOf(error);
      if (status !== 404 && status !== 410)
        logger.warn({ err: error, uploadId: id }, 'could not remove an upload');
    });
    await db.delete(resumableUploads).where(eq(resumableUploads.id, id));
  };

  /**
   * A finished upload's bytes: the memory holds its own copy now, and the upload's answer lives on in its
   * row. In a bucket they are a plain object and its `.info` by then: the S3 store's own remove looks for
   * the multipart upload, which no longer exists, and stops there.
   */
  const removeFinished = async (id: string) => {
    try {
      if (!deps.config.S3_BUCKET) return await datastore.remove(id);
      for (const key of [id, `${id}.info`]) await storage.remove(key);
    } catch (error) {
      logger.warn({ err: error, uploadId: id }, 'could not remove a finished upload');
    }
  };

  const readAll = async (id: string, file: string) => {
    const source = (await (datastore as DataStore & { read(id: string): Readable | Promise<Readable> }).read(
      id,
    )) as Readable;
    await pipeline(source, createWriteStream(file));
  };

  /**
   * A take's render hands its segment over once done, after the last PATCH has been answered; the memory
   * waits for it as `pending`, with the normalise job held back as the fallback.
   */
  const handOver = async (render: LiveRender, memory: SavedMemory) => {
    try {
      await soulStory.takeLiveSegment(memory, await render.segment);
    } catch (error) {
      logger.warn({ err: error, storyId: memory.storyId }, 'a take rendered as it arrived was not kept');
    } finally {
      render.release();
    }
  };

  /** The received file becomes a memory through the same service call as the multipart route. */
  const complete = async (row: UploadRow, upload: Upload) => {
    const bytes = upload.size ?? upload.offset;
    const render = await liveSegments.finish(row.id, bytes);
    try {
      const { item, saved } = await temporaryFiles.use(async (temporary) => {
        const file = temporary('.upload');
        await readAll(row.id, file);
        return soulStory.save(row.userId, {
          type: row.type as StoryType,
          title: row.title,
          file: { path: file, bytes },
          ...(render ? { renderingLiveFor: LIVE_RENDER_GRACE_MS } : {}),
        });
      });
      if (render) void handOver(render, saved);
      await db
        .update(resumableUploads)
        .set({ itemId: item.id, bytes, finishedAt: new Date() })
        .where(eq(resumableUploads.id, row.id));
      return item.id;
    } catch (error) {
      render?.release();
      // Refused (unreadable, a fourth photo…): nothing of it is kept, as with the multipart route.
      if (error instanceof AppError) await forget(row.id);
      throw error;
    }
  };

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    relativeLocation: true,
    locker: createUploadLocker(deps),
    namingFunction: () => newUploadId(),
    exposedHeaders: [UPLOAD_ITEM_ID_HEADER],
    maxSize: (request) => {
      // OPTIONS asks before there is any upload: the most any upload may be.
      if (request.method === 'OPTIONS') return MAX_VIDEO_BYTES;
      const { creating, upload } = contextOf(request);
      const type = creating?.type ?? (upload?.type as StoryType);
      return uploadLimitFor(type).maxBytes;
    },
    onUploadCreate: async (request, upload) => {
      const { userId, creating } = contextOf(request);
      if (!creating) throw refusal(400, uploadMessages.metadataInvalid);
      // A new take of a prompt is a re-recording: the earlier take's render is no longer wanted.
      if (creating.type !== 'photo') liveSegments.cancelTake(userId, creating.type);
      // Recorded before any byte is stored: an upload never exists without its owner.
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(resumableUploads)
          .values({ id: upload.id, userId, ...creating })
          .onConflictDoNothing()
          .returning({ id: resumableUploads.id });
        // The same creation, sent again while the first is still being made: the first one answers.
        if (!inserted.length) throw refusal(423, uploadMessages.busy);
        await queue.send(
          EXPIRE_JOB,
          { uploadId: upload.id } satisfies ExpireJobData,
          { startAfter: new Date(Date.now() + UPLOAD_EXPIRY_MS) },
          tx,
        );
      });
      // The owner stays on the server: the metadata the client sent is kept as it was.
      return {};
    },
    onUploadFinish: async (request, upload) => {
      const context = contextOf(request);
      const [row] = await db.select().from(resumableUploads).where(eq(resumableUploads.id, upload.id));
      if (!row || row.userId !== context.userId) throw refusal(404, uploadMessages.notFound);
      let itemId = row.itemId ? Promise.resolve(row.itemId) : completing.get(upload.id);
      if (!itemId) {
        itemId = complete(row, upload).finally(() => completing.delete(upload.id));
        completing.set(upload.id, itemId);
        context.saved = upload.id;
      }
      try {
        return { headers: { [UPLOAD_ITEM_ID_HEADER]: await itemId } };
      } catch (error) {
        if (error instanceof AppError) throw refusal(error.status, error.message);
        throw error;
      }
    },
    onResponseError: (request, error) => {
      // tus's own words for a size over the limit become the multipart route's.
      if (tusStatusOf(error) === 413) {
        const { creating, upload } = contextOf(request);
        const type = creating?.type ?? (upload?.type as StoryType);
        return refusal(413, uploadLimitFor(type).tooLargeMessage);
      }
      // Another request kept writing this upload for the whole wait: the client tries again later.
      if (error === ERRORS.ERR_LOCK_TIMEOUT) return refusal(423, uploadMessages.busy);
      const status = tusStatusOf(error);
      if (status === undefined || status >= 500) {
        const context = contexts.get(request);
        if (context) context.failure = error;
      }
      return undefined;
    },
  });

  /**
   * The upload an earlier creation with the same idempotency key made, once that creation is done; null
   * when there is none (or its bytes are gone), so this creation makes a new one.
   */
  const findEarlier = async (userId: string, fields: UploadFields): Promise<EarlierUpload | null> => {
    if (!fields.idempotencyKey) return null;
    const byKey = and(
      eq(resumableUploads.userId, userId),
      eq(resumableUploads.idempotencyKey, fields.idempotencyKey),
    );
    let [row] = await db.select().from(resumableUploads).where(byKey);
    if (!row) return null;
    if (row.type !== fields.type) throw new Conflict(uploadMessages.idempotencyKeyReused);
    // Its bytes are being saved right now: the answer names the memory they become.
    const saving = completing.get(row.id);
    if (saving) {
      await saving.catch(() => undefined);
      [row] = await db.select().from(resumableUploads).where(byKey);
      if (!row) return null;
    }
    if (row.itemId) return { id: row.id, offset: row.bytes ?? 0, length: row.bytes ?? 0, itemId: row.itemId };
    try {
      const stored = await datastore.getUpload(row.id);
      return {
        id: row.id,
        offset: stored.offset,
        ...(stored.size === undefined ? {} : { length: stored.size }),
      };
    } catch (error) {
      const status = tusStatusOf(error);
      if (status !== 404 && status !== 410) throw error;
      // Expired, or its creation failed before the store made it: this creation starts afresh.
      await forget(row.id);
      return null;
    }
  };

  /** Refuses a creation past what one account may have unfinished at once (a deferred length counts as its limit). */
  const checkUnfinished = async (userId: string, declared: number) => {
    const unfinished = await db
      .select({ type: resumableUploads.type, bytes: resumableUploads.bytes })
      .from(resumableUploads)
      .where(
        and(
          eq(resumableUploads.userId, userId),
          isNull(resumableUploads.itemId),
          gt(resumableUploads.createdAt, new Date(Date.now() - UPLOAD_EXPIRY_MS)),
        ),
      );
    const held = unfinished.reduce(
      (sum, upload) => sum + (upload.bytes ?? uploadLimitFor(upload.type as StoryType).maxBytes),
      0,
    );
    if (unfinished.length >= MAX_UNFINISHED_UPLOADS || held + declared > MAX_UNFINISHED_UPLOAD_BYTES)
      throw new TooMany(uploadMessages.tooManyUnfinished);
  };

  /**
   * Checks a new upload before tus creates it: its metadata, its declared length, the 3-photo rule and
   * the account's unfinished uploads. A creation sent again answers with the upload the first one made.
   */
  const admitNew = async (
    userId: string,
    headers: { metadata?: string; length?: string },
  ): Promise<{ earlier: EarlierUpload } | { creating: NonNullable<UploadRequestContext['creating']> }> => {
    const fields = readUploadMetadata(headers.metadata);
    const earlier = await findEarlier(userId, fields);
    if (earlier) return { earlier };
    const limit = uploadLimitFor(fields.type);
    const bytes = headers.length === undefined ? undefined : Number(headers.length);
    if (bytes !== undefined && bytes > limit.maxBytes) throw new TooLarge(limit.tooLargeMessage);
    const title = await soulStory.admit(userId, fields);
    await checkUnfinished(userId, bytes ?? limit.maxBytes);
    return { creating: { type: fields.type, title, idempotencyKey: fields.idempotencyKey, bytes } };
  };

  /** A deferred-length upload declaring its length, or a PATCH whose body would take it past the limit. */
  const checkGrowth = (
    row: UploadRow,
    headers: { offset?: string; length?: string; contentLength?: string },
  ) => {
    const limit = uploadLimitFor(row.type as StoryType);
    const declared = headers.length === undefined ? 0 : Number(headers.length);
    const reached = Number(headers.offset ?? 0) + Number(headers.contentLength ?? 0);
    if (declared > limit.maxBytes || reached > limit.maxBytes) throw new TooLarge(limit.tooLargeMessage);
  };

  /** Removes every unfinished upload older than 24 h, then whatever the store itself holds past its expiry. */
  const removeExpired = async (now = Date.now()) => {
    const expired = await db
      .select({ id: resumableUploads.id })
      .from(resumableUploads)
      .where(
        and(
          isNull(resumableUploads.itemId),
          lt(resumableUploads.createdAt, new Date(now - UPLOAD_EXPIRY_MS)),
        ),
      );
    for (const { id } of expired) await forget(id);
    // Bytes whose row is gone (an account deleted meanwhile) expire by the store's own clock.
    const swept = await datastore.deleteExpired();
    if (expired.length || swept) logger.info({ removed: expired.length, swept }, 'expired uploads removed');
    return expired.length;
  };

  /** An account being deleted: its uploads in progress go, bytes and records. */
  const removeForUser = async (userId: string) => {
    const owned = await db
      .select({ id: resumableUploads.id })
      .from(resumableUploads)
      .where(eq(resumableUploads.userId, userId));
    for (const { id } of owned) await forget(id);
  };

  /** After a terminate (DELETE): the row goes; a finished upload's memory stays until deleted on its own. */
  const dropRecord = (row: UploadRow) => {
    liveSegments.cancel(row.id);
    return db.delete(resumableUploads).where(eq(resumableUploads.id, row.id));
  };

  /**
   * Hands a request to tus, with what the route learnt about it. A failure inside tus is thrown, for the
   * app's error handler to log and answer in general words: tus's own 500 carries the error's text.
   */
  const handle = async (request: Request, context: UploadRequestContext) => {
    contexts.set(request, context);
    const response = await tus.handleWeb(request);
    if (response.status >= 500)
      throw context.failure instanceof Error
        ? context.failure
        : new Error(`tus answered ${response.status}: ${(await response.text()).trim()}`, {
            cause: context.failure,
          });
    // The bytes this request stored: a PATCH's from its offset on, a creation's that carried some from 0.
    if ((request.method === 'PATCH' || request.method === 'POST') && response.ok) {
      const stored =
        Number(response.headers.get('upload-offset') ?? 0) -
        Number(request.headers.get('upload-offset') ?? 0);
      if (stored > 0) deps.metrics.uploadBytes.inc({ protocol: 'tus' }, stored);
    }
    const { upload } = context;
    const finished = response.headers.has(UPLOAD_ITEM_ID_HEADER);
    // Not before: tus's answer to a creation that carried every byte reads the upload from the store.
    if (context.saved && finished) await removeFinished(context.saved);
    if (request.method === 'PATCH' && response.status === 204 && upload && !finished) {
      const offset = Number(response.headers.get('upload-offset'));
      // The take's render reads what was stored; the answer does not wait for it.
      void liveSegments.received(upload.id, upload, offset);
    }
    return response;
  };

  /** OPTIONS: what this server speaks (tus version, extensions, the largest upload), before any upload exists. */
  const describe = (request: Request) => tus.handleWeb(request);

  return {
    findOwned,
    admitNew,
    describe,
    checkGrowth,
    handle,
    removeExpired,
    removeForUser,
    dropRecord,
    liveSegments,
  };
};

export type UploadsService = ReturnType<typeof createUploadsService>;
