import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';
import type { Storage } from '#server/media/storage.ts';

/**
 * One file of the export: JSON or text made here (deflated), or a stored file copied byte for byte and
 * not deflated again, since every stored file is a video or an image, compressed already.
 */
export type ExportEntry =
  | { name: string; json: unknown }
  | { name: string; text: string }
  | { name: string; storageKey: string };

const deflated = promisify(deflateRaw);

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
 * Streams the entries into one zip written through storage, so it works the same on a local folder or
 * in a bucket with no shared disk. Entries are added one at a time, each after the previous is in the
 * zip, so only one stored file is open at once and no file is ever held in memory: each chunk read is
 * checksummed and passed on as it is, and reading waits whenever storage is behind.
 */
export const writeZip = async (
  storage: Storage,
  key: string,
  entries: AsyncIterable<ExportEntry>,
): Promise<{ bytes: number }> => {
  const output = new PassThrough({ highWaterMark: 4 * 1024 * 1024 });
  let written = 0;
  const zip = new Zip((error, chunk, final) => {
    if (error) return output.destroy(error);
    written += chunk.length;
    output.write(chunk);
    if (final) output.end();
  });
  const stored = storage.write(key, output);
  // Storage ending before the zip is finished is a failure too; either way the loop below stops.
  const broken = stored.then(() =>
    Promise.reject(new Error('The export file was closed before it was complete.')),
  );
  broken.catch(() => {});
  const drained = () => output.writableNeedDrain && Promise.race([once(output, 'drain'), broken]);
  const fitsOrFail = () => {
    if (written > ZIP32_LIMIT) throw tooLarge();
  };

  const copyStored = async (name: string, source: Readable) => {
    const entry = entryOf(name, STORED);
    zip.add(entry);
    let checksum = 0;
    let size = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      checksum = crc32(chunk, checksum);
      size += chunk.length;
      // A file's chunks are never in shared memory, which is all fflate's narrower type rules out.
      entry.ondata!(null, chunk as Uint8Array<ArrayBuffer>, false);
      fitsOrFail();
      await drained();
    }
    Object.assign(entry, { crc: checksum, size });
    entry.ondata!(null, new Uint8Array(0), true);
  };

  const addMade = async (name: string, bytes: Buffer) => {
    const entry = entryOf(name, DEFLATED);
    zip.add(entry);
    Object.assign(entry, { crc: crc32(bytes), size: bytes.length });
    entry.ondata!(null, (await deflated(bytes, { level: 6 })) as Uint8Array<ArrayBuffer>, true);
  };

  try {
    for await (const entry of entries) {
      if ('storageKey' in entry) await copyStored(entry.name, await storage.read(entry.storageKey));
      else
        await addMade(
          entry.name,
          Buffer.from('json' in entry ? `${JSON.stringify(entry.json, null, 2)}\n` : entry.text),
        );
      fitsOrFail();
      await drained();
    }
    // Checked after the last entry too: the central directory starts there, at an offset of 32 bits.
    zip.end();
    const { bytes } = await stored;
    return { bytes };
  } catch (error) {
    // Destroyed, not ended: storage then refuses the write and keeps nothing of it. Should it have
    // finished storing all the same, the incomplete zip is removed.
    output.destroy(error as Error);
    await stored.then(
      () => storage.remove(key),
      () => {},
    );
    throw error;
  }
};
