import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser } from './fixtures.ts';

describe('blog: Pilgrim Reflections', () => {
  const browser = useBrowser();

  it('lists posts with date, author, teaser and Read More, and opens one', async () => {
    const page = await browser.newPage();
    await page.goto('/blog');
    await page.getByRole('heading', { name: 'Pilgrim Reflections', level: 1 }).waitFor();
    const card = page.getByRole('article', { name: 'Carrying the shell home' });
    await card.waitFor();
    expect(await card.getByText('Tom Brennan').isVisible()).toBe(true);
    expect(await card.getByText('14 April 2026').isVisible()).toBe(true);
    expect(await card.getByText(/The scallop shell rode on your pack/).isVisible()).toBe(true);
    await expectAccessible(page);

    await card.getByRole('link', { name: 'Read More: Carrying the shell home' }).click();
    await page.waitForURL('**/blog/carrying-the-shell-home');
    await page.getByRole('heading', { name: 'Carrying the shell home', level: 1 }).waitFor();
    const [byline, ...paragraphs] = await page.getByRole('article').locator('p').allInnerTexts();
    expect(byline).toBe('Tom Brennan · 14 April 2026');
    expect(paragraphs).toHaveLength(6);
    expect(paragraphs[0]).toMatch(
      /^The scallop shell rode on my pack for eight hundred kilometres\.\s+It clacked/,
    );
    expect(paragraphs[5]).toMatch(/I know that now\.$/);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/blog');
    await page.getByRole('article', { name: 'Carrying the shell home' }).waitFor();
  });

  it('paints the posts with the page, and the app starts from them without asking for them again', async () => {
    const html = await (await fetch(`${baseURL()}/blog`)).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('Carrying the shell home');
    expect(root).toContain('14 April 2026');
    expect(root).not.toContain('Loading posts');

    const page = await browser.newPage();
    const askedForPosts: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/posts/') askedForPosts.push(request.url());
    });
    await page.goto('/blog');
    // React rendered the list in place of the server's HTML: its links carry React's fiber.
    await page.waitForFunction(() => {
      const link = document.querySelector('a[href="/blog/carrying-the-shell-home"]');
      return link !== null && Object.keys(link).some((key) => key.startsWith('__reactFiber'));
    });
    expect(await page.getByRole('article', { name: 'Carrying the shell home' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Loading posts').count()).toBe(0);
    expect(askedForPosts).toEqual([]);
  });

  it('opens a post by its id as well as its slug, and says when a post does not exist', async () => {
    const [post] = (await (await fetch(`${baseURL()}/api/posts/`)).json()) as { id: string; title: string }[];
    const page = await browser.newPage();
    await page.goto(`/blog/${post!.id}`);
    await page.getByRole('heading', { name: post!.title, level: 1 }).waitFor();

    await page.goto('/blog/a-walk-that-never-happened');
    await page.getByText('Blog post not found').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/blog');
  });

  it('serves Open Graph tags for a post and an RSS feed for readers', async () => {
    const html = await (await fetch(`${baseURL()}/blog/the-first-morning-without-a-waymark`)).text();
    expect(html).toContain(
      '<meta property="og:title" content="The first morning without a waymark · Pilgrim Reflections">',
    );
    expect(html).toContain('<meta property="og:type" content="article">');
    const rss = await fetch(`${baseURL()}/blog/rss.xml`);
    expect(rss.headers.get('content-type')).toContain('application/rss+xml');
    expect(await rss.text()).toContain('<title>The first morning without a waymark</title>');
  });
});
