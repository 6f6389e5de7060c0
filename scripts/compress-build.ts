import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the built web app, once, at the
 * strongest settings, so the server sends them as they are (@fastify/static `preCompressed`) and
 * never compresses a build asset per request (even a file of a few bytes has its variants, so none
 * is left for the server to compress). Source maps are left alone: only developer tools fetch them.
 */
const textFile = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml|ico)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
      }),
  );
  return nested.flat();
};

export interface CompressedBuild {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export const compressBuild = async (dir: string): Promise<CompressedBuild> => {
  const files = (await filesUnder(dir)).filter((file) => textFile.test(file));
  const totals: CompressedBuild = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      totals.files += 1;
      totals.bytes += content.length;
      totals.brotliBytes += br.length;
      totals.gzipBytes += gz.length;
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
  return totals;
};

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '..');
  const dir = path.resolve(root, process.argv[2] ?? process.env.WEB_DIST_DIR ?? 'dist/web');
  const totals = await compressBuild(dir);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.info(
    `Compressed ${totals.files} files of ${path.relative(root, dir)}: ${kb(totals.bytes)} → brotli ${kb(totals.brotliBytes)}, gzip ${kb(totals.gzipBytes)}`,
  );
}
