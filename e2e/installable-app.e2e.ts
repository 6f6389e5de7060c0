import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { doors } from '#contract/doors.ts';
import { useBrowser } from './fixtures.ts';

/** Waits until the service worker is active, then reloads so that it controls the page. */
const installApp = async (page: Page) => {
  await page.goto('/');
  const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(new URL(scriptURL ?? '').pathname).toBe('/sw.js');
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
};

describe('links that are links', () => {
  const browser = useBrowser();

  it("the drawer's items are links that open their page in a new tab or this one", async () => {
    const page = await browser.newPage({ width: 390, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    const links = drawer.getByRole('link');
    await expect(links.allInnerTexts()).resolves.toEqual([
      'Home',
      'Who we are',
      'Join Us',
      'Donate',
      'Volunteer',
      'Store',
      'Survey',
    ]);
    expect(await drawer.getByRole('button').allInnerTexts()).not.toContain('Who we are');
    await expect(drawer.getByRole('link', { name: 'Who we are' }).getAttribute('href')).resolves.toBe(
      '/about',
    );

    // A middle click opens the page in a new tab; the first tab stays where it was.
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      drawer.getByRole('link', { name: 'Donate' }).click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await tab.waitForURL('**/donate');
    await tab.close();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Who we are' }).click();
    await page.waitForURL('**/about');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Who we are' }).waitFor();
  });

  it("the header's wordmark is a link home without an underline", async () => {
    const page = await browser.newPage({ width: 1280 });
    await page.goto('/about');
    const home = page.getByRole('banner').getByRole('link', { name: 'Pilgrim Soul home' });
    await expect(home.getAttribute('href')).resolves.toBe('/');
    const underline = await home.evaluate((link) =>
      [link, ...link.querySelectorAll('*')].some((element) =>
        getComputedStyle(element).textDecorationLine.includes('underline'),
      ),
    );
    expect(underline).toBe(false);
    await home.hover();
    await expect(home.evaluate((link) => getComputedStyle(link).textDecorationLine)).resolves.toBe('none');
  });

  it("each door's Learn More names its door in the link's own text", async () => {
    const page = await browser.newPage({ width: 1280 });
    await page.goto('/');
    const section = page.locator('section#seven-doors');
    for (const door of doors) {
      const link = section.getByRole('link', { name: `Learn More about ${door.title}`, exact: true });
      // Search engines read innerText, not aria-label: the door's name must be in the text itself.
      const text = await link.evaluate((element) => (element as HTMLElement).innerText);
      expect(text.replace(/\s+/g, ' ').trim()).toBe(`Learn More about ${door.title}`);
    }
  });
});

describe('installable app', () => {
  const browser = useBrowser();

  it('links a complete manifest from every page and installs its service worker', async () => {
    const page = await browser.newPage({ width: 390, height: 800 });
    for (const path of ['/', '/about', '/blog', '/no/such/place']) {
      await page.goto(path);
      await expect(page.locator('link[rel="manifest"]').getAttribute('href')).resolves.toBe(
        '/manifest.webmanifest',
      );
    }
    const response = await page.request.get('/manifest.webmanifest');
    expect(response.ok()).toBe(true);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Pilgrim Soul',
      short_name: 'Pilgrim Soul',
      start_url: '/',
      display: 'standalone',
      theme_color: '#2f4a3a',
      background_color: '#ffffff',
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const image = await page.request.get(icon.src);
      expect(image.ok()).toBe(true);
      expect(image.headers()['content-type']).toBe('image/png');
    }
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');

    await installApp(page);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });

  it('shows the offline page for a navigation without a network, and the page again once back', async () => {
    const page = await browser.newPage({ width: 390, height: 800 });
    await installApp(page);
    await page.context().setOffline(true);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');

    await page.context().setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Who we are' }).waitFor();
  });

  it('never answers an API request or a media URL from its caches', async () => {
    const page = await browser.newPage({ width: 390, height: 800 });
    await installApp(page);
    const online = await page.evaluate(async () => (await fetch('/api/posts/')).status);
    expect(online).toBe(200);

    await page.context().setOffline(true);
    const offline = await page.evaluate(() =>
      fetch('/api/posts/').then(
        (response) => `answered ${response.status}`,
        (error: Error) => `failed: ${error.name}`,
      ),
    );
    expect(offline).toBe('failed: TypeError');
    await page.context().setOffline(false);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(cached.filter((url) => /^\/(api|media|s)\/|^\/index\.html$|^\/$/.test(url))).toEqual([]);
    expect(
      cached.every((url) =>
        /^\/(assets|icons|static\/(brand|images))\/|^\/(offline\.html|manifest\.webmanifest)$/.test(url),
      ),
    ).toBe(true);
  });
});
