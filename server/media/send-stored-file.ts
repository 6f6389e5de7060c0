import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../http/errors.ts';
import { assertValidKey, type Storage } from './storage.ts';

export interface StoredFileAnswer {
  /** Who may keep the answer, and for how long. */
  cacheControl: string;
  /** The name a browser saves the file under (`Content-Disposition: inline`, so it still plays in place). */
  fileName?: string;
  /** The 404's words when the file is gone. */
  missingMessage?: string;
}

/**
 * Streams one stored file, as every media URL answers: HTTP Range (206 with Content-Range, and
 * Accept-Ranges), ETag and Last-Modified for conditional requests, and the content type of its
 * extension. A missing file answers 404, like any link that leads nowhere.
 */
export const sendStoredFile = async (
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  answer: StoredFileAnswer,
) => {
  assertValidKey(key);
  const sent = await send(request.raw, `/${key}`, {
    root: storage.root,
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
    throw new NotFound(answer.missingMessage ?? 'This file no longer exists.');
  }
  reply.status(sent.statusCode).headers(sent.headers).header('cache-control', answer.cacheControl);
  if (answer.fileName) reply.header('content-disposition', `inline; filename="${answer.fileName}"`);
  return reply.send(sent.stream);
};
