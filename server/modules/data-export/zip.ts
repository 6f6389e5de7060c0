/**
 * A zip laid out before a byte of its stored files is read, and served from that layout.
 *
 * Every stored file's size and CRC-32 are known when the export is built (the CRC kept when the file
 * was stored, or taken once), so the zip's own records (the local headers, the deflated JSON and
 * text, the central directory) can all be written then, and each stored file only marked by its key
 * where its bytes belong. The download reads the marked files in place, from any byte on: the export
 * never writes a second copy of the media, and a resumed download asks for the rest with HTTP Range.
 * Written by hand from PKWARE's APPNOTE (4.3.7, 4.3.12, 4.3.16): three small records, and no library
 * takes sizes and CRCs given up front without also wanting the bytes.
 */
import { promisify } from 'node:util';
import { crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import type { Storage } from '#server/media/storage.ts';

/** One part of the zip, in order: bytes of its own, or a stored file whole. */
type ZipPart = { bytes: Buffer } | { storageKey: string; length: number };

export interface ZipLayout {
  size: number;
  parts: ZipPart[];
}

const lengthOf = (part: ZipPart) => ('bytes' in part ? part.bytes.length : part.length);

/** The layout as it is stored beside the export's files: JSON, the zip's own bytes in base64. */
export const storedLayout = (layout: ZipLayout) =>
  Buffer.from(
    JSON.stringify({
      size: layout.size,
      parts: layout.parts.map((part) => ('bytes' in part ? { bytes: part.bytes.toString('base64') } : part)),
    }),
  );

export const layoutFromStored = (stored: Buffer): ZipLayout => {
  const { size, parts } = JSON.parse(stored.toString()) as {
    size: number;
    parts: ({ bytes: string } | { storageKey: string; length: number })[];
  };
  return {
    size,
    parts: parts.map((part) => ('bytes' in part ? { bytes: Buffer.from(part.bytes, 'base64') } : part)),
  };
};

/** A file of the zip: bytes made here (deflated), or a stored file copied as it is, size and CRC known. */
export type ZipMember =
  | { name: string; made: Buffer }
  | { name: string; storageKey: string; size: number; crc32: number };

const deflated = promisify(deflateRaw);
// Records up to this size (nearly all) are deflated in the same turn, in well under a millisecond. A
// long chat history goes to the thread pool, so it never holds up the app's other requests.
const DEFLATE_IN_TURN_BYTES = 256 * 1024;

const STORED = 0;
const DEFLATED = 8;
// Bit 11: names are UTF-8 (titles hold accents).
const UTF8_NAMES = 0x0800;
// 2.0, the version that reads deflate; "made by" Unix (3) in the high byte.
const VERSION_NEEDED = 20;
const VERSION_MADE_BY = (3 << 8) | VERSION_NEEDED;

// No Zip64 records: every size and offset must fit in 32 bits. The product's limits (four takes of
// 250 MB, three photos, one keepsake) keep an account near 2 GB; past 4 GiB the build fails rather
// than lay out a zip no one can open.
const ZIP32_LIMIT = 0xffff_ffff;
const tooLarge = () =>
  new Error('The export is larger than 4 GiB, more than one zip file of this kind can hold.');

/** MS-DOS date and time, as zip records them, in UTC. */
const dosDateTime = (at: Date) => ({
  time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
  date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
});

interface Entry {
  name: Buffer;
  method: number;
  crc32: number;
  compressedSize: number;
  size: number;
  offset: number;
}

type Stamp = ReturnType<typeof dosDateTime>;

/** What both headers of an entry hold, in the same order: from the flags to the name's length. */
const writeEntryFields = (header: Buffer, at: number, entry: Entry, stamp: Stamp) => {
  header.writeUInt16LE(UTF8_NAMES, at);
  header.writeUInt16LE(entry.method, at + 2);
  header.writeUInt16LE(stamp.time, at + 4);
  header.writeUInt16LE(stamp.date, at + 6);
  header.writeUInt32LE(entry.crc32, at + 8);
  header.writeUInt32LE(entry.compressedSize, at + 12);
  header.writeUInt32LE(entry.size, at + 16);
  header.writeUInt16LE(entry.name.length, at + 20);
};

const localHeader = (entry: Entry, stamp: Stamp) => {
  const header = Buffer.alloc(30 + entry.name.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION_NEEDED, 4);
  writeEntryFields(header, 6, entry, stamp);
  entry.name.copy(header, 30);
  return header;
};

const centralHeader = (entry: Entry, stamp: Stamp) => {
  const header = Buffer.alloc(46 + entry.name.length);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(VERSION_MADE_BY, 4);
  header.writeUInt16LE(VERSION_NEEDED, 6);
  writeEntryFields(header, 8, entry, stamp);
  // A regular file, mode 644, in the high half of the external attributes (Unix).
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  header.writeUInt32LE(entry.offset, 42);
  entry.name.copy(header, 46);
  return header;
};

const endOfCentralDirectory = (count: number, size: number, offset: number) => {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(count, 8);
  record.writeUInt16LE(count, 10);
  record.writeUInt32LE(size, 12);
  record.writeUInt32LE(offset, 16);
  return record;
};

/** Lays out the zip of the members, in order; stored files are deflated no further (video and images). */
export const layOutZip = async (members: ZipMember[], modified: Date): Promise<ZipLayout> => {
  const stamp = dosDateTime(modified);
  const parts: ZipPart[] = [];
  let pending: Buffer[] = [];
  const flush = () => {
    if (pending.length) parts.push({ bytes: Buffer.concat(pending) });
    pending = [];
  };
  const entries: Entry[] = [];
  let offset = 0;
  for (const member of members) {
    const name = Buffer.from(member.name);
    let entry: Entry;
    let packed: Buffer | null = null;
    if ('made' in member) {
      packed =
        member.made.length <= DEFLATE_IN_TURN_BYTES
          ? deflateRawSync(member.made, { level: 6 })
          : await deflated(member.made, { level: 6 });
      const size = member.made.length;
      entry = {
        name,
        method: DEFLATED,
        crc32: crc32(member.made),
        compressedSize: packed.length,
        size,
        offset,
      };
    } else {
      const { size } = member;
      entry = { name, method: STORED, crc32: member.crc32, compressedSize: size, size, offset };
    }
    offset += 30 + name.length + entry.compressedSize;
    if (offset > ZIP32_LIMIT) throw tooLarge();
    entries.push(entry);
    pending.push(localHeader(entry, stamp));
    if (packed) pending.push(packed);
    else if ('storageKey' in member && member.size > 0) {
      flush();
      parts.push({ storageKey: member.storageKey, length: member.size });
    }
  }
  const central = entries.map((entry) => centralHeader(entry, stamp));
  const centralSize = central.reduce((sum, header) => sum + header.length, 0);
  if (offset + centralSize > ZIP32_LIMIT) throw tooLarge();
  pending.push(...central, endOfCentralDirectory(entries.length, centralSize, offset));
  flush();
  return { size: offset + centralSize + 22, parts };
};

/** The layout's bytes from `start` to `end`, both included, read from the store as they are sent. */
export async function* zipBytes(
  storage: Storage,
  layout: ZipLayout,
  start: number,
  end: number,
): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (const part of layout.parts) {
    const partEnd = at + lengthOf(part) - 1;
    if (partEnd >= start && at <= end) {
      const from = Math.max(start - at, 0);
      const to = Math.min(end, partEnd) - at;
      if ('bytes' in part) yield part.bytes.subarray(from, to + 1);
      else yield* await storage.read(part.storageKey, { start: from, end: to });
    }
    at = partEnd + 1;
    if (at > end) return;
  }
}
