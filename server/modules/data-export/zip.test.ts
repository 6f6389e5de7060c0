import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createLocalStorage, type Storage } from '#server/media/storage.ts';
import { createTemporaryFiles } from '#server/media/temporary-files.ts';
import { readZip } from '#test/zip.ts';
import { layOutZip, layoutFromStored, storedLayout, type ZipLayout, zipBytes } from './zip.ts';

const bytesOf = async (storage: Storage, layout: ZipLayout, start: number, end: number) => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of zipBytes(storage, layout, start, end)) chunks.push(chunk);
  return Buffer.concat(chunks);
};

describe('a zip laid out before its stored files are read', () => {
  let dataDir: string;
  let storage: Storage;
  const take = randomBytes(3 * 1024 * 1024 + 17);
  const photo = randomBytes(40_000);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-zip-'));
    storage = createLocalStorage(
      path.join(dataDir, 'media'),
      createTemporaryFiles(path.join(dataDir, 'tmp')),
    );
    await storage.write('exports/u/1/files/01.webm', take);
    await storage.write('exports/u/1/files/02.jpg', photo);
    await storage.write('exports/u/1/files/03.txt', Buffer.alloc(0));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const layout = () =>
    layOutZip(
      [
        { name: 'README.txt', made: Buffer.from('Your data, Buen Camino.\n') },
        {
          name: 'memories/01 La Cruz de Ferro.webm',
          storageKey: 'exports/u/1/files/01.webm',
          size: take.length,
          crc32: crc32(take),
        },
        {
          name: 'memories/02 Muxía, el faro.jpg',
          storageKey: 'exports/u/1/files/02.jpg',
          size: photo.length,
          crc32: crc32(photo),
        },
        { name: 'empty.txt', storageKey: 'exports/u/1/files/03.txt', size: 0, crc32: 0 },
        { name: 'profile.json', made: Buffer.from(JSON.stringify({ name: 'Ana', route: 'Camino Francés' })) },
      ],
      new Date('2026-11-27T10:41:36Z'),
    );

  it('opens as one zip: every file whole, its CRC-32 checked, names in UTF-8, the date it was made', async () => {
    const laidOut = await layout();
    const zip = await bytesOf(storage, laidOut, 0, laidOut.size - 1);
    expect(zip.length).toBe(laidOut.size);
    const files = await readZip(zip);
    expect([...files.keys()]).toEqual([
      'README.txt',
      'memories/01 La Cruz de Ferro.webm',
      'memories/02 Muxía, el faro.jpg',
      'empty.txt',
      'profile.json',
    ]);
    expect(files.get('memories/01 La Cruz de Ferro.webm')!.equals(take)).toBe(true);
    expect(files.get('memories/02 Muxía, el faro.jpg')!.equals(photo)).toBe(true);
    expect(files.get('empty.txt')!.length).toBe(0);
    expect(JSON.parse(files.get('profile.json')!.toString())).toEqual({
      name: 'Ana',
      route: 'Camino Francés',
    });
    const modified = await new Promise<Date>((resolve, reject) =>
      yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
        if (error) return reject(error);
        archive.once('entry', (entry: yauzl.Entry) => {
          resolve(entry.getLastModDate({ forceDosFormat: true, timezone: 'UTC' }));
          archive.close();
        });
        archive.readEntry();
      }),
    );
    // MS-DOS times count seconds in twos.
    expect(modified.toISOString()).toBe('2026-11-27T10:41:36.000Z');
  });

  it('gives any range of bytes, across its own records and the stored files, as the whole zip holds them', async () => {
    const laidOut = layoutFromStored(storedLayout(await layout()));
    const zip = await bytesOf(storage, laidOut, 0, laidOut.size - 1);
    const firstFileStarts = 30 + 'README.txt'.length;
    for (const [start, end] of [
      [0, 0],
      [0, laidOut.size - 1],
      [firstFileStarts - 5, firstFileStarts + 5],
      [1024 * 1024, 2 * 1024 * 1024 + 3],
      [laidOut.size - 22, laidOut.size - 1],
    ] as const) {
      expect((await bytesOf(storage, laidOut, start, end)).equals(zip.subarray(start, end + 1))).toBe(true);
    }
  });

  it('refuses to lay out more than a zip without Zip64 records can hold', async () => {
    await expect(
      layOutZip(
        [{ name: 'keepsake.mp4', storageKey: 'exports/u/1/files/09.mp4', size: 2 ** 32, crc32: 0 }],
        new Date(),
      ),
    ).rejects.toThrow('The export is larger than 4 GiB, more than one zip file of this kind can hold.');
  });
});
