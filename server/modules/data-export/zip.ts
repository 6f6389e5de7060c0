import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { Storage } from '#server/media/storage.ts';

/** One file of the export: JSON or text made here, or a stored file copied byte for byte. */
export type ExportEntry =
  | { name: string; json: unknown }
  | { name: string; text: string }
  | { name: string; storageKey: string };

// Video and images are compressed already: deflating them again costs time and saves nothing.
const storedAsIs = /\.(webm|mp4|mov|m4v|jpe?g|png|webp|heic|gif)$/i;

/**
 * Streams the entries into one zip written through storage, so it works the same on a local folder or
 * in a bucket with no shared disk. Entries are added one at a time, each after the previous is in the
 * zip, so only one stored file is open at once and no file is ever held in memory.
 */
export const writeZip = async (
  storage: Storage,
  key: string,
  entries: AsyncIterable<ExportEntry>,
): Promise<{ bytes: number }> => {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const failed = new Promise<never>((_, reject) => archive.on('error', reject));
  const stored = storage.write(key, archive);
  // Storage ending before the zip is finished is a failure too; either way the loop below stops.
  const broken = Promise.race([
    failed,
    stored.then(() => Promise.reject(new Error('The export file was closed before it was complete.'))),
  ]);
  broken.catch(() => {});
  try {
    for await (const entry of entries) {
      const source: Readable | Buffer =
        'storageKey' in entry
          ? await storage.read(entry.storageKey)
          : Buffer.from('json' in entry ? `${JSON.stringify(entry.json, null, 2)}\n` : entry.text);
      const added = new Promise<void>((resolve) => archive.once('entry', () => resolve()));
      archive.append(source, { name: entry.name, store: storedAsIs.test(entry.name) });
      await Promise.race([added, broken]);
    }
    // Its failures arrive through the archive's error event, as every other one does.
    archive.finalize().catch(() => {});
    return await Promise.race([stored, failed]);
  } catch (error) {
    // Destroyed, not ended: storage then refuses the write and keeps nothing of it. Should it have
    // finished storing all the same, the incomplete zip is removed.
    archive.destroy(error as Error);
    await stored.then(
      () => storage.remove(key),
      () => {},
    );
    throw error;
  }
};
