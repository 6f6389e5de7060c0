import { promisify } from 'node:util';
import { crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';
import type { Storage } from '#server/media/storage.ts';

/**
 * One file of the export: JSON or text made here (deflated), or a stored file copied byte for byte and
 * not deflated again, since every stored file is a video or an image, compressed already. A stored
 * file's CRC-32, when it was taken as the file was stored, spares checksumming it during the copy.
 */
export type ExportEntry =
  | { name: string; json: unknown }
  | { name: string; text: string }
  | { name: string; storageKey: string; crc32: number | null };

const deflated = promisify(deflateRaw);
// Records up to this size (nearly all) are deflated in the same turn, in well under a millisecond: on
// the thread pool each would wait its turn behind the stored files' reads and writes. A long chat
// history goes there, so it never holds up the app's other requests.
const DEFLATE_IN_TURN_BYTES = 256 * 1024;

const STORED = 0;
const DEFLATED = 8;

// fflate writes no Zip64 records, so every size and offset must fit in 32 bits. The product's limits
// (four takes of 250 MB, three photos, one keepsake) keep an account near 2 GB; past 4 GiB the build
// fails rather than write a zip no one can open.
const ZIP32_LIMIT = 0xffff_ffff;
const tooLarge = () =>
  new Error('The export is larger than 4 GiB, more than one zip file of this kind can hold.');

/**
 * A zip entry whose CRC-32 is Node's own (zlib's, native) rather than fflate's JavaScript one, which
 * costs three times as much on media: the entry is written with a data descriptor, so its CRC and size
 * are only needed once its last byte has gone through.
 */
const entryOf = (name: string, compression: number): ZipInputFile => ({
  filename: name,
  compression,
  crc: 0,
  size: 0,
  terminate: () => {},
});

/**
 * Writes the entries into one zip through storage, so it works the same on a local folder or in a
 * bucket with no shared disk. Entries are added one at a time, each after the previous is in the
 * zip, so only one stored file is open at once and no file is ever held in memory: each chunk read is
 * written as it is (checksummed first when the file's CRC-32 was not kept), and the next is read into
 * the same memory once it is written.
 */
export const writeZip = (
  storage: Storage,
  key: string,
  entries: AsyncIterable<ExportEntry>,
): Promise<{ bytes: number }> =>
  storage.writeFrom(key, async (sink) => {
    // fflate hands over the zip's pieces as it makes them, within the call that fed it: they are kept
    // here and written, in order, before anything more is fed.
    const pieces: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, piece) => {
      if (error) failure = error;
      else pieces.push(piece);
    });
    let written = 0;
    const writePieces = async () => {
      if (failure) throw failure;
      for (const piece of pieces.splice(0)) {
        written += piece.length;
        // The central directory is counted too: where it starts is written in 32 bits.
        if (written > ZIP32_LIMIT) throw tooLarge();
        await sink.write(piece);
      }
    };

    const copyStored = async (name: string, chunks: AsyncIterable<Uint8Array>, known: number | null) => {
      const entry = entryOf(name, STORED);
      zip.add(entry);
      let checksum = 0;
      let size = 0;
      for await (const chunk of chunks) {
        if (known === null) checksum = crc32(chunk, checksum);
        size += chunk.length;
        // A file's chunks are never in shared memory, which is all fflate's narrower type rules out.
        entry.ondata!(null, chunk as Uint8Array<ArrayBuffer>, false);
        await writePieces();
      }
      Object.assign(entry, { crc: known ?? checksum, size });
      entry.ondata!(null, new Uint8Array(0), true);
      await writePieces();
    };

    const addMade = async (name: string, bytes: Buffer) => {
      const entry = entryOf(name, DEFLATED);
      zip.add(entry);
      Object.assign(entry, { crc: crc32(bytes), size: bytes.length });
      const packed =
        bytes.length <= DEFLATE_IN_TURN_BYTES
          ? deflateRawSync(bytes, { level: 6 })
          : await deflated(bytes, { level: 6 });
      entry.ondata!(null, packed as Uint8Array<ArrayBuffer>, true);
      await writePieces();
    };

    for await (const entry of entries) {
      if ('storageKey' in entry)
        await copyStored(entry.name, await storage.readChunks(entry.storageKey), entry.crc32);
      else
        await addMade(
          entry.name,
          Buffer.from('json' in entry ? `${JSON.stringify(entry.json, null, 2)}\n` : entry.text),
        );
    }
    zip.end();
    await writePieces();
  });
