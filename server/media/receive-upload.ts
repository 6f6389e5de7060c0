import { Readable } from 'node:stream';
import { type FileTypeResult, fileTypeFromBuffer } from 'file-type';
import { AppError, Invalid, TooLarge } from '../http/errors.ts';
import type { Storage } from './storage.ts';

/** Enough of the head of a file for file-type to recognise every format we accept. */
const SNIFF_BYTES = 4100;

export interface UploadRules {
  maxBytes: number;
  tooLargeMessage: string;
  incompleteMessage: string;
  /** Judges the sniffed type: answers the file's extension, or throws an AppError to refuse it. */
  accept(type: FileTypeResult | undefined): string;
  /** The storage key, once the extension is known. */
  keyFor(extension: string): string;
}

/**
 * Reads and drops the rest of a file refused by its first bytes, up to the size limit. A browser
 * reads the answer only once it has sent the whole body: left unread, it would wait, and then show
 * a broken connection instead of our reason.
 */
const discardRest = async (chunks: AsyncIterator<Buffer>, budget: number) => {
  let read = 0;
  try {
    while (read <= budget) {
      const next = await chunks.next();
      if (next.done) return;
      read += next.value.length;
    }
  } catch {
    // The client gave up sending: there is nobody left to answer.
  }
};

/**
 * Streams an upload into storage without holding it in memory: the type is judged by the first bytes,
 * the size is counted as it arrives, and the file only appears under its key once complete.
 */
export const receiveUpload = async (
  storage: Storage,
  source: AsyncIterable<Buffer>,
  rules: UploadRules,
): Promise<{ key: string; bytes: number; extension: string }> => {
  const chunks = source[Symbol.asyncIterator]();
  const failed = (error: unknown) =>
    error instanceof AppError ? error : new Invalid(rules.incompleteMessage, 'media');
  let head = Buffer.alloc(0);
  let ended = false;
  try {
    while (head.length < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      head = Buffer.concat([head, next.value]);
    }
  } catch (error) {
    throw failed(error);
  }
  if (head.length > rules.maxBytes) throw new TooLarge(rules.tooLargeMessage);
  let extension: string;
  try {
    extension = rules.accept(await fileTypeFromBuffer(head));
  } catch (error) {
    if (!ended) await discardRest(chunks, rules.maxBytes - head.length);
    throw error;
  }
  const key = rules.keyFor(extension);

  async function* counted() {
    let bytes = head.length;
    yield head;
    if (ended) return;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      bytes += next.value.length;
      if (bytes > rules.maxBytes) throw new TooLarge(rules.tooLargeMessage);
      yield next.value;
    }
  }
  try {
    const { bytes } = await storage.write(key, Readable.from(counted(), { objectMode: false }));
    return { key, bytes, extension };
  } catch (error) {
    throw failed(error);
  }
};
