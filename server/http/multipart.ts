import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Counter } from 'prom-client';
import { AppError, Invalid, TooLarge } from './errors.ts';
import { assertCleanText } from './text-hygiene.ts';

/** A received file, complete, waiting in the data folder's temporary folder. */
export interface TemporaryFile {
  path: string;
  bytes: number;
}

/** A multipart form read to its end: the text fields in memory, the one file on disk. */
export interface ReceivedForm {
  fields: Record<string, string>;
  file: TemporaryFile | null;
  /** Removes the temporary file if nothing took it; safe to call more than once. */
  discard(): Promise<void>;
}

export interface FormRules {
  /** The one part that carries the file; other file parts are read and dropped. */
  fileField: string;
  /** The largest file any variant of this upload may be; the variant's own limit is applied later. */
  maxBytes: number;
  tooLargeMessage: string;
  /** Said when the body ends early or is not well-formed multipart. */
  incompleteMessage: string;
  temporaryDir: string;
  /** The metrics' count of uploaded bytes: the file's bytes as received, whether or not it is kept. */
  uploadBytes: Counter<'protocol'>;
}

export const notMultipartMessage = 'Send the upload as multipart/form-data.';

const hasBoundary = (contentType: string | undefined) =>
  /^multipart\/form-data\s*;(.*;)?\s*boundary=("[^"]+"|[^\s;]+)/i.test(contentType ?? '');

/** Counts the bytes passing through and fails the stream as soon as they exceed the limit. */
const sizeLimit = (maxBytes: number, message: string) => {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > maxBytes ? new TooLarge(message) : null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
};

/**
 * Reads a multipart body to the end, its parts in any order: clients send the file before or after
 * the fields that decide its limits, so the file is streamed to a temporary file (never held in
 * memory) and judged once the whole form is known. Reading to the end before answering keeps the
 * client's keep-alive connection usable for its next request.
 */
export const receiveForm = async (request: FastifyRequest, rules: FormRules): Promise<ReceivedForm> => {
  if (!request.isMultipart() || !hasBoundary(request.headers['content-type']))
    throw new Invalid(notMultipartMessage);
  const fields: Record<string, string> = {};
  let file: TemporaryFile | null = null;
  const temporaryPath = path.join(rules.temporaryDir, `${randomUUID()}.upload`);
  const discard = () => rm(temporaryPath, { force: true });
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        assertCleanText({ [part.fieldname]: part.value });
        fields[part.fieldname] ??= String(part.value);
      } else if (part.fieldname === rules.fileField && !file) {
        await mkdir(rules.temporaryDir, { recursive: true });
        const counter = sizeLimit(rules.maxBytes, rules.tooLargeMessage);
        try {
          await pipeline(part.file, counter.stream, createWriteStream(temporaryPath));
        } finally {
          rules.uploadBytes.inc({ protocol: 'multipart' }, counter.bytes());
        }
        if (part.file.truncated) throw new TooLarge(rules.tooLargeMessage);
        file = { path: temporaryPath, bytes: counter.bytes() };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    await discard();
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new Invalid(rules.incompleteMessage, rules.fileField);
  }
  return { fields, file, discard };
};
