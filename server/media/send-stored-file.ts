import { ReadStream } from 'node:fs';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../http/errors.ts';
import { assertValidKey, type Storage, type StoredFileHeaders } from './storage.ts';

/** What private media answer: a browser may keep them an hour, no shared cache may. */
export const MEDIA_CACHE_CONTROL = 'private, max-age=3600';

export interface StoredFileAnswer extends StoredFileHeaders {
  /** The 404's words when the file is gone. */
  missingMessage?: string;
}

/**
 * Streams one stored file, as every media URL answers: HTTP Range (206 with Content-Range, and
 * Accept-Ranges), ETag and Last-Modified for conditional requests, and the content type of its
 * extension. A missing file answers 404, like any link that leads nowhere. From a bucket, the answer
 * is a redirect to a short-lived URL of the file that answers all of that itself with these headers.
 */
export const sendStoredFile = async (
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  answer: StoredFileAnswer,
) => {
  assertValidKey(key);
  const missing = () => new NotFound(answer.missingMessage ?? 'This file no longer exists.');
  const { delivery } = storage;
  if (delivery.kind === 'redirect') {
    if ((await storage.size(key)) === null) throw missing();
    // Never kept: the URL it leads to expires long before the app's own media URLs.
    return reply.header('cache-control', 'no-store').redirect(await delivery.url(key, answer));
  }
  const sent = await send(request.raw, `/${key}`, {
    root: delivery.root,
    acceptRanges: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    dotfiles: 'deny',
    index: false,
  });
  if (sent.type !== 'file') {
    sent.stream.destroy();
    const status = sent.statusCode;
    if (status === 412 || status === 416) {
      const range = sent.headers['Content-Range'];
      if (range) reply.header('content-range', range);
      return reply.status(status).send();
    }
    if (status >= 500 && sent.type === 'error') throw sent.metadata.error;
    throw missing();
  }
  // A file removed between send's look at it and its opening (a keepsake replaced a moment ago) is a 404 too.
  // (A HEAD or a 304 carries an empty stream of no file.)
  const { stream } = sent;
  if (stream instanceof ReadStream) {
    const openError = await new Promise<NodeJS.ErrnoException | null>((settle) => {
      stream.once('ready', () => settle(null)).once('error', settle);
    });
    if (openError) throw openError.code === 'ENOENT' ? missing() : openError;
  }
  reply.status(sent.statusCode).headers(sent.headers).header('cache-control', answer.cacheControl);
  if (answer.fileName) reply.header('content-disposition', `inline; filename="${answer.fileName}"`);
  return reply.send(sent.stream);
};
