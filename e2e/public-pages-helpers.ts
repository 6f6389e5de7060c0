import type { Page } from 'playwright-core';
import { it } from 'vitest';
import { expectAccessible, type useBrowser } from './fixtures.ts';

export const ownPages = [
  { path: '/', heading: 'Welcome, pilgrim' },
  { path: '/about', heading: 'Who we are' },
  { path: '/lumen', heading: 'Meet Vela' },
  { path: '/faq', heading: 'Frequently asked questions' },
  { path: '/terms', heading: 'Community Code of Conduct' },
  { path: '/doors', heading: 'The Doors' },
  { path: '/press', heading: 'Press' },
  { path: '/privacy', heading: 'Privacy' },
];

/** Pages other features own: their content is still changing, so only their h1 is asserted. */
export const otherPages = [
  '/inquire',
  '/contact',
  '/donate',
  '/store',
  '/Store',
  '/blog',
  '/JoinUs',
  '/Joinus',
  '/Volunteer',
  '/volunteer',
  '/survey',
  '/LoginSignup',
  '/login',
];

export const everyPublicPage = [...ownPages.map((page) => page.path), ...otherPages];

export const openPage = async (page: Page, path: string) => {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
};

/** axe on every public page at one viewport width, once the page has settled. */
export const itIsAccessibleAt = (browser: ReturnType<typeof useBrowser>, device: string, width: number) =>
  it.each(everyPublicPage)(`%s has no serious accessibility problem on ${device}`, async (path) => {
    const page = await browser.newPage({ width, height: 900 });
    await openPage(page, path);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
  });
