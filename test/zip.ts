import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

/**
 * Every file of a zip, by name, as a person unzipping it would find them. Like `unzip`, and unlike
 * yauzl on its own, it rejects a file whose bytes do not match the CRC-32 the zip gives for it.
 */
export const readZip = (zip: Buffer): Promise<Map<string, Buffer>> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (openError, archive) => {
      if (openError) return reject(openError);
      const files = new Map<string, Buffer>();
      archive.on('error', reject);
      archive.on('end', () => resolve(files));
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (readError, stream) => {
          if (readError) return reject(readError);
          buffer(stream as Readable).then((bytes) => {
            if (crc32(bytes) !== entry.crc32) return reject(new Error(`${entry.fileName}: wrong CRC-32`));
            files.set(entry.fileName, bytes);
            archive.readEntry();
          }, reject);
        });
      });
      archive.readEntry();
    });
  });
