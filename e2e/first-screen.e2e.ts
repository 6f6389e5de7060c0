import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, signUpAndSignIn, useBrowser } from './fixtures.ts';

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

  it('sends a public page painted, then starts the app from scripts that exist once it has painted', async () => {
    const html = await (await fetch(`${baseURL()}/donate`)).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('Donate');
    const starter = /data-after-first-paint="([^"]+)"/.exec(html);
    const scripts = starter?.[1]?.split(' ') ?? [];
    expect(scripts[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(scripts.some((script) => /\/DonatePage-[\w-]+\.js$/.test(script))).toBe(true);
    for (const script of scripts) {
      const response = await fetch(`${baseURL()}${script}`);
      expect(response.status, script).toBe(200);
      expect(response.headers.get('content-type')).toContain('javascript');
    }

    const page = await browser.newPage({ width: 390, height: 844 });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const log = recordRequests(page);
    await page.goto('/donate');
    await expect.poll(() => log.some((url) => /\/DonatePage-[\w-]+\.js$/.test(url))).toBe(true);
    // React rendered the page in place of the server's HTML (its elements carry React's fiber), and a
    // link in the header then routes without a new document.
    await page.waitForFunction(() => {
      const home = document.querySelector('a[aria-label="Pilgrim Soul home"]');
      return home !== null && Object.keys(home).some((key) => key.startsWith('__reactFiber'));
    });
    await page.getByRole('link', { name: 'Pilgrim Soul home' }).click();
    await page.getByRole('heading', { name: 'Welcome, pilgrim' }).waitFor();
    expect(log.filter((url) => url.endsWith('/donate') || url === `${baseURL()}/`)).toEqual([
      `${baseURL()}/donate`,
    ]);
    expect(errors).toEqual([]);
  });

  it('paints the sign-in screen for a page behind sign-in visited without a session, and preloads the page itself with one', async () => {
    const signedOutHtml = await (await fetch(`${baseURL()}/soul-story`)).text();
    expect(signedOutHtml.slice(signedOutHtml.indexOf('<div id="root">'))).toContain('Welcome back, pilgrim');
    const scripts = /data-after-first-paint="([^"]+)"/.exec(signedOutHtml)?.[1]?.split(' ') ?? [];
    expect(scripts.some((script) => /\/LoginSignupPage-[\w-]+\.js$/.test(script))).toBe(true);
    for (const script of scripts) expect((await fetch(`${baseURL()}${script}`)).status, script).toBe(200);

    // In the browser the app takes over and routes to sign in, with the screen it already showed.
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.goto('/soul-story');
    await page.waitForURL('**/LoginSignup');
    await page.getByRole('heading', { name: 'Welcome back, pilgrim' }).waitFor();
    const hint = async () =>
      (await page.context().cookies()).find((cookie) => cookie.name === 'signed_in')?.value;
    expect(await hint()).toBeUndefined();

    // Signed in, the browser carries the hint: the page comes with its own chunks and no sign-in screen.
    await signUpAndSignIn(page);
    await page.goto('/soul-story');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await expect.poll(hint).toBe('1');
    const signedInHtml = await (
      await fetch(`${baseURL()}/soul-story`, { headers: { cookie: 'signed_in=1' } })
    ).text();
    expect(signedInHtml).toContain('<div id="root"></div>');
    const preloads = [...signedInHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1]!,
    );
    expect(preloads.some((href) => /\/SoulStoryPage-[\w-]+\.js$/.test(href))).toBe(true);
    for (const href of preloads) expect((await fetch(`${baseURL()}${href}`)).status, href).toBe(200);

    // Signing out drops the hint.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/LoginSignup');
    await expect.poll(hint).toBeUndefined();
  });
});
