/**
 * Draws the home hero's still (the first thing a phone paints, before the ambient video) from the
 * landscape illustration (assets/public/images/landscape-dawn.svg) with sharp, as AVIF and WebP with a
 * JPEG fallback, into assets/public/images/ (committed; served under /static/images/). Run after the
 * illustration changes: node scripts/generate-hero-poster.ts
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const images = path.join(root, 'assets/public/images');
const illustration = await readFile(path.join(images, 'landscape-dawn.svg'));

// The illustration's own 1600 x 900 (the size HeroSection declares): 16:9 like the video, wide enough to
// cover a phone held upright, and still only a few kilobytes for such smooth gradients.
const still = () => sharp(illustration);
const base = path.join(images, 'landscape-dawn');
await still().avif({ quality: 50, effort: 6 }).toFile(`${base}.avif`);
await still().webp({ quality: 70 }).toFile(`${base}.webp`);
await still().jpeg({ quality: 70, progressive: true, mozjpeg: true }).toFile(`${base}.jpg`);
