/**
 * Draws the installable app's icons from the brand mark (assets/public/brand/logo-mark.svg) with
 * sharp, into web/public/icons/ (committed; Vite copies them into the build). Run after the mark
 * changes: node scripts/generate-icons.ts
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'web/public/icons');
const mark = await readFile(path.join(root, 'assets/public/brand/logo-mark.svg'));
/** The mark's own circle colour: a maskable icon fills its whole square with it. */
const sage = '#2f4a3a';

const render = (size: number) =>
  sharp(mark, { density: (72 * size) / 64 })
    .resize(size, size)
    .png();

await mkdir(out, { recursive: true });
// "any" icons: the round mark on a transparent square, as on the page.
for (const size of [192, 512]) await render(size).toFile(path.join(out, `icon-${size}.png`));

// Maskable: launchers crop to any shape inside the central 80% circle, so the mark sits at 80% on a
// full-bleed square of its own colour and its edge disappears into the background.
const size = 512;
const inner = Math.round(size * 0.8);
await sharp({ create: { width: size, height: size, channels: 4, background: sage } })
  .composite([{ input: await render(inner).toBuffer(), gravity: 'centre' }])
  .png()
  .toFile(path.join(out, 'maskable-512.png'));
