import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

/** Every file of a zip, by name, as a person unzipping it would find them. */
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
            files.set(entry.fileName, bytes);
            archive.readEntry();
          }, reject);
        });
      });
      archive.readEntry();
    });
  });
