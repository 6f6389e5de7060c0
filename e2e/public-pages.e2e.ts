import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './fixtures.ts';
import { openPage, otherPages, ownPages } from './public-pages-helpers.ts';

const doorTitles = [
  'Soul Direction',
  'Soul Circles',
  'Soul Learning Hub',
  'Soul Table',
  'Soul Action',
  'Soul Prayer Hub',
];

/** Browser console errors and uncaught exceptions (a missing image, a CSP refusal, a crash). */
const collectErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

const head = (path: string) => fetch(new URL(path, baseURL()), { method: 'HEAD' });

const isInViewport = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight;
  });

describe('public pages: routes, headings and content', () => {
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
  it('home shows the six doors in three columns, 350 px high, each leading to /doors', async () => {
    const page = await browser.newPage({ width: 1280 });
    await openPage(page, '/');
    const section = page.locator('section#seven-doors');
    await expect(section.getByRole('heading', { level: 2 }).innerText()).resolves.toBe('Discover our Doors');
    const titles = await section.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(titles).toEqual(doorTitles);

    const cards = section.locator('.mantine-Card-root');
    const boxes = await Promise.all((await cards.all()).map((card) => card.boundingBox()));
    expect(boxes.map((box) => Math.round(box!.height))).toEqual([350, 350, 350, 350, 350, 350]);
    expect(new Set(boxes.slice(0, 3).map((box) => Math.round(box!.y))).size).toBe(1);
    expect(boxes[3]!.y).toBeGreaterThan(boxes[0]!.y);

    const learnMore = section.getByRole('link', { name: /^Learn More/ });
    await expect(learnMore.count()).resolves.toBe(6);
    for (const link of await learnMore.all()) await expect(link.getAttribute('href')).resolves.toBe('/doors');
    await learnMore.first().click();
    await page.waitForURL('**/doors');
    await page.getByText('We are still working on this door, please see us soon').waitFor();
  });

  it('home stacks the doors in one column on a phone', async () => {
    const page = await browser.newPage({ width: 390, height: 800 });
    await openPage(page, '/');
    const cards = page.locator('section#seven-doors .mantine-Card-root');
    const boxes = await Promise.all((await cards.all()).map((card) => card.boundingBox()));
    expect(boxes).toHaveLength(6);
    expect(new Set(boxes.map((box) => Math.round(box!.x))).size).toBe(1);
    expect(boxes[1]!.y).toBeGreaterThanOrEqual(boxes[0]!.y + 350);
  });

  it('home offers the Soul Story, Vela and the three-image strip', async () => {
    const page = await browser.newPage();
    await openPage(page, '/');
    await page.getByRole('heading', { name: 'Soul Story Door' }).waitFor();
    await page.getByText('Reflect. Record. Relive.').waitFor();
    await expect(page.getByRole('link', { name: 'Start your Story' }).getAttribute('href')).resolves.toBe(
      '/soul-story',
    );
    await expect(page.getByRole('link', { name: 'Begin your journey' }).getAttribute('href')).resolves.toBe(
      '/lumen',
    );
    const strip = page.getByRole('region', { name: 'Along the way' });
    const alts = await strip
      .getByRole('img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).alt));
    expect(alts).toHaveLength(3);
    for (const alt of alts) expect(alt.length).toBeGreaterThan(10);
    await page.getByRole('link', { name: 'Begin your journey' }).click();
    await page.waitForURL('**/lumen');
  });

  it('home plays a muted looping background video and a welcome video, both served by the app', async () => {
    const page = await browser.newPage();
    await openPage(page, '/');
    const background = page.locator('video[autoplay]');
    await expect(
      background.evaluate((video: HTMLVideoElement) => ({ muted: video.muted, loop: video.loop })),
    ).resolves.toEqual({ muted: true, loop: true });
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('video[autoplay]');
      return video !== null && video.currentTime > 0 && !video.paused;
    });
    const welcome = page.getByLabel('A welcome from Pilgrim Soul');
    await expect(welcome.evaluate((video: HTMLVideoElement) => video.controls)).resolves.toBe(true);

    const sources = await page
      .locator('video source')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('src')!));
    expect(sources.length).toBeGreaterThanOrEqual(4);
    for (const source of sources) {
      const response = await head(source);
      expect(response.status, source).toBe(200);
      expect(response.headers.get('content-type'), source).toMatch(/^video\/(mp4|webm)/);
    }
    const captions = await head('/static/videos/welcome.vtt');
    expect(captions.headers.get('content-type')).toMatch(/^text\/vtt/);
  });

  it('the About button opens the home page at the doors, in view', async () => {
    const page = await browser.newPage();
    await openPage(page, '/about');
    for (const title of [
      'Our Mission',
      'A Place to Explore',
      'Our Approach',
      'Meet the Team',
      'A word from our founder',
      'Meet the Mentors',
    ]) {
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
    }
    const team = page.getByRole('region', { name: 'Meet the Team' });
    await expect(team.getByRole('heading', { level: 3 }).count()).resolves.toBe(2);
    await team.getByText('Founder', { exact: true }).waitFor();
    await team.getByText('Tech Lead', { exact: true }).waitFor();
    const mentors = page.getByRole('region', { name: 'Meet the Mentors' });
    await expect(mentors.getByRole('heading', { level: 3 }).count()).resolves.toBe(3);
    await page.getByLabel('A word from the founder of Pilgrim Soul').waitFor({ state: 'attached' });

    await page.getByRole('link', { name: 'Open the Seven Doors' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#seven-doors');
    await page.getByRole('heading', { name: 'Discover our Doors' }).waitFor();
    await expect.poll(() => isInViewport(page, 'section#seven-doors'), { timeout: 10_000 }).toBe(true);
  });

  it('a link straight to /#seven-doors lands on the doors', async () => {
    const page = await browser.newPage({ width: 390, height: 800 });
    await page.goto('/#seven-doors');
    await page.getByRole('heading', { name: 'Discover our Doors' }).waitFor();
    await expect.poll(() => isInViewport(page, 'section#seven-doors'), { timeout: 10_000 }).toBe(true);
  });

  it('the Vela page shows its video, the five benefits and the way to the chat', async () => {
    const page = await browser.newPage();
    await openPage(page, '/lumen');
    await page.getByLabel('An introduction to Vela').waitFor({ state: 'attached' });
    const benefits = await page.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(benefits).toEqual([
      'Set intentions',
      'Personalised guidance',
      'Spiritual growth',
      'Stay connected',
      'Support living within and beyond',
    ]);
    await page.getByRole('link', { name: 'Chat with Vela' }).click();
    await page.waitForURL('**/LoginSignup');
  });

  it('the FAQ answers sixteen questions in an accordion', async () => {
    const page = await browser.newPage();
    await openPage(page, '/faq');
    const questions = page.getByRole('heading', { level: 2 }).getByRole('button');
    await expect(questions.count()).resolves.toBe(16);
    const answer = page.getByText('A Soul Story is a keepsake of your pilgrimage.', { exact: false });
    await expect(answer.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'What is a Soul Story?' }).click();
    await answer.waitFor({ state: 'visible' });
  });

  it('the Code of Conduct and the doors placeholder say what they should', async () => {
    const page = await browser.newPage();
    await openPage(page, '/terms');
    for (const title of [
      'Walk with respect',
      'Share stories with care',
      'Keep the space safe',
      'Raising a concern',
    ]) {
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
    }
    await openPage(page, '/doors');
    await page.getByText('We are still working on this door, please see us soon').waitFor();
  });

  it('the privacy page is reached from the footer and from registration, and says who processes what', async () => {
    const page = await browser.newPage();
    await openPage(page, '/faq');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy');
    for (const heading of [
      'Your Camino record',
      'Your worldview',
      'Your conversation with Vela',
      'Gifts and donations',
      'Data exports',
      'Logs and limits',
    ])
      await page.getByRole('heading', { level: 3, name: heading }).waitFor();
    await page.getByText('Vela runs as its offline guide here', { exact: false }).waitFor();
    await page.getByText('Stripe processes card payments', { exact: false }).waitFor();
    await page.getByText('Our mail server sends', { exact: false }).waitFor();

    await openPage(page, '/login');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page
      .getByRole('form', { name: 'Register' })
      .getByRole('link', { name: 'Read what we store, why and for how long' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy');
  });

  it('the press page offers the logo as SVG and PNG from the app', async () => {
    const page = await browser.newPage();
    await openPage(page, '/press');
    await page.getByRole('heading', { level: 2, name: 'Who we are' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Press contact' }).waitFor();
    const downloads = page.getByRole('link', { name: /^Download/ });
    const hrefs = await downloads.evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(hrefs).toEqual([
      '/static/brand/logo.svg',
      '/static/brand/logo.png',
      '/static/brand/logo-mark.svg',
      '/static/brand/logo-mark.png',
    ]);
    for (const href of hrefs) {
      const response = await head(href);
      expect(response.status, href).toBe(200);
      expect(response.headers.get('content-type'), href).toMatch(/^image\/(svg\+xml|png)/);
    }
  });

  it('serves the four meditations as audio the browser can play', async () => {
    const page = await browser.newPage();
    await openPage(page, '/faq');
    for (const prompt of ['call', 'suffering', 'joy', 'what_found_you']) {
      const path = `/static/audio/meditation-${prompt}.mp3`;
      const response = await head(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^audio\//);
      const duration = await page.evaluate(
        (src) =>
          new Promise<number>((resolve, reject) => {
            const audio = new Audio(src);
            audio.addEventListener('loadedmetadata', () => resolve(audio.duration));
            audio.addEventListener('error', () => reject(new Error(`cannot play ${src}`)));
          }),
        path,
      );
      expect(duration).toBeGreaterThanOrEqual(60);
      expect(duration).toBeLessThanOrEqual(90);
    }
  });
});
