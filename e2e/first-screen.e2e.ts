import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './fixtures.ts';

const isAmbientVideo = (url: string) => /\/static\/videos\/ambient\.(webm|mp4)$/.test(url);

/** Every request the page makes, in order, with the load event as one entry among them. */
const recordRequests = (page: Page) => {
  const log: string[] = [];
  page.on('request', (request) => log.push(request.url()));
  page.on('load', () => log.push('load'));
  return log;
};

describe('the first screen on a phone', () => {
  const browser = useBrowser();

  it('paints a small still of the dawn first, as a high-priority picture with its size set', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Welcome, pilgrim' });
    const still = hero.locator('picture > img');
    await expect(still.getAttribute('fetchpriority')).resolves.toBe('high');
    await expect(still.getAttribute('loading')).resolves.not.toBe('lazy');
    await expect(still.getAttribute('width')).resolves.toBe('1600');
    await expect(still.getAttribute('height')).resolves.toBe('900');
    await expect(still.getAttribute('src')).resolves.toBe('/static/images/landscape-dawn.jpg');
    await expect(
      hero
        .locator('picture > source')
        .evaluateAll((sources) => sources.map((source) => source.getAttribute('type'))),
    ).resolves.toEqual(['image/avif', 'image/webp']);
    // The browser picked a modern format and it arrived: a phone never waits for the JPEG.
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('picture > img')?.complete);
    const chosen = await still.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(chosen).toMatch(/\/static\/images\/landscape-dawn\.avif$/);
    expect((await (await page.request.get(chosen)).body()).length).toBeLessThan(40 * 1024);
  });

  it('asks for the background video only after the page has loaded', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    const log = recordRequests(page);
    const video = page.waitForRequest((request) => isAmbientVideo(request.url()));
    await page.goto('/');
    await video;
    const firstVideoRequest = log.findIndex(isAmbientVideo);
    expect(log.indexOf('load')).toBeGreaterThanOrEqual(0);
    expect(log.indexOf('load')).toBeLessThan(firstVideoRequest);
    expect(log.findIndex((url) => url.endsWith('/static/images/landscape-dawn.avif'))).toBeLessThan(
      firstVideoRequest,
    );
  });

  it('never loads the video for a visitor who asks for less motion', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const log = recordRequests(page);
    await page.goto('/', { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Welcome, pilgrim' }).waitFor();
    // Past the moment the video would have been asked for (load, then the next idle moment).
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1000))));
    expect(log.filter(isAmbientVideo)).toEqual([]);
    await expect(
      page.getByRole('region', { name: 'Welcome, pilgrim' }).locator('video').count(),
    ).resolves.toBe(0);
    await expect(page.locator('picture > img[fetchpriority="high"]').isVisible()).resolves.toBe(true);
  });

  it('preloads the fonts of the first screen, each an existing woff2 the page then uses', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    const html = await (await fetch(`${baseURL()}/`)).text();
    const preloads = [
      ...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin>/g),
    ].map((match) => match[1]!);
    expect(preloads.length).toBeGreaterThanOrEqual(1);
    for (const href of preloads) {
      expect(href).toMatch(/^\/assets\/[\w.-]+-latin-\d+-normal-[\w-]+\.woff2$/);
      const response = await fetch(`${baseURL()}${href}`);
      expect(response.status).toBe(200);
      expect(new TextDecoder().decode((await response.arrayBuffer()).slice(0, 4))).toBe('wOF2');
    }
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(new URL(request.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    const used = await page.evaluate(() =>
      [...document.fonts]
        .filter((font) => font.status === 'loaded')
        .map((font) => `${font.family} ${font.weight}`),
    );
    expect(used.length).toBeGreaterThanOrEqual(preloads.length);
    // Only the Latin files (with Spanish accents) exist to be fetched; no other alphabet's.
    for (const path of fontRequests) expect(path).toMatch(/-latin-\d+-normal-/);
    for (const href of preloads) expect(fontRequests).toContain(href);
  });
});
