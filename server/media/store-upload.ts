import { open } from 'node:fs/promises';
import { type FileTypeResult, fileTypeFromBuffer } from 'file-type';
import { TooLarge } from '../http/errors.ts';
import type { TemporaryFile } from '../http/multipart.ts';
import { crc32OfFile, type Storage } from './storage.ts';

/** Enough of the head of a file for file-type to recognise every format we accept. */
const SNIFF_BYTES = 4100;

export interface UploadRules {
  maxBytes: number;
  tooLargeMessage: string;
  /** Judges the sniffed type: answers the file's extension, or throws an AppError to refuse it. */
  accept(type: FileTypeResult | undefined): string;
  /** The storage key, once the extension is known. */
  keyFor(extension: string): string;
}

const readHead = async (file: string) => {
  const handle = await open(file);
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

/**
 * Judges a received file by its size and its first bytes (never its name or declared type) and
 * moves it into storage under its key, answering its CRC-32 taken on the way (from the local file,
 * even when it goes to a bucket).
 */
export const storeUpload = async (
  storage: Storage,
  file: TemporaryFile,
  rules: UploadRules,
): Promise<{ key: string; bytes: number; extension: string; crc32: number }> => {
  if (file.bytes > rules.maxBytes) throw new TooLarge(rules.tooLargeMessage);
  const extension = rules.accept(await fileTypeFromBuffer(await readHead(file.path)));
  const key = rules.keyFor(extension);
  const crc32 = await crc32OfFile(file.path);
  await storage.putFile(key, file.path);
  return { key, bytes: file.bytes, extension, crc32 };
};
