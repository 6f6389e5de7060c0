import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures.ts';
import { openPage, otherPages, ownPages } from './public-pages-helpers.ts';

/** Browser console errors and uncaught exceptions (a missing image, a CSP refusal, a crash). */
const collectErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

describe('public pages: routes and headings', () => {
  const browser = useBrowser();

  it.each(ownPages)('$path shows its heading without console errors', async ({ path, heading }) => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  it.each(otherPages)('%s shows a page heading at that spelling', async (path) => {
    const page = await browser.newPage();
    await openPage(page, path);
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('heading', { name: 'This path is not on the map' }).count()).resolves.toBe(0);
  });
});
