import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FirstScreenQuery } from '#contract/first-screen-data.ts';
import { createPageRegistry } from './page-registry.ts';
import { loadPageShells, PAGE_SHELLS_FILE, type PageShells, RENDERER_FILE } from './page-shells.ts';

const INDEX_HTML = `<!doctype html>
<html>
  <head>
    <title>Pilgrim Soul</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/**
 * A build's table, and in place of the server build of web/src/prerender.tsx a module that lists the
 * titles it is given (the real one is exercised by e2e/blog.e2e.ts); it counts its renders, and fails
 * for a title that asks it to.
 */
const writeBuild = async (webDist: string) => {
  const table: PageShells = {
    afterFirstPaint: '/assets/after-first-paint-abc.js',
    pages: {
      '/blog': { scripts: ['/assets/BlogListPage-abc.js'], styles: [], firstScreen: '<p>Loading posts</p>' },
      '/donate': { scripts: [], styles: [], firstScreen: '<h1>Donate</h1>' },
      '/profile': {
        scripts: [],
        styles: [],
        signedOut: { scripts: [], styles: [], firstScreen: '<h1>Sign in</h1>' },
      },
    },
  };
  await mkdir(path.join(webDist, '.vite'), { recursive: true });
  await writeFile(path.join(webDist, PAGE_SHELLS_FILE), JSON.stringify(table));
  const renderer = path.resolve(webDist, RENDERER_FILE);
  await mkdir(path.dirname(renderer), { recursive: true });
  await writeFile(
    renderer,
    `globalThis.firstScreenRenders = 0;
export const renderFirstScreen = async (pathname, answers) => {
  globalThis.firstScreenRenders += 1;
  const titles = answers[0].value.map((post) => post.title);
  if (titles.includes('fail')) throw new Error('the render failed');
  return '<ul data-page="' + pathname + '">' + titles.map((title) => '<li>' + title + '</li>').join('') + '</ul>';
};
`,
  );
};

const renders = () => (globalThis as { firstScreenRenders?: number }).firstScreenRenders;

describe('page shells filled in with a feature’s data', () => {
  let buildDir: string;
  let webDist: string;
  let titles: string[] | null;
  let fill: ReturnType<typeof loadPageShells>;
  const warnings: string[] = [];

  beforeEach(async () => {
    buildDir = await mkdtemp(path.join(tmpdir(), 'page-shells-'));
    webDist = path.join(buildDir, 'web');
    await writeBuild(webDist);
    titles = ['Carrying the shell home'];
    warnings.length = 0;
    const firstScreenData = createPageRegistry<FirstScreenQuery[]>();
    firstScreenData.register(/^\/blog$/, () =>
      titles ? [{ key: ['blog', 'list'], value: titles.map((title) => ({ title })) }] : null,
    );
    const logger = pino(
      { level: 'warn' },
      { write: (line: string) => warnings.push(JSON.parse(line).msg as string) },
    );
    fill = loadPageShells(webDist, { firstScreenData, logger });
  });

  afterEach(() => rm(buildDir, { recursive: true, force: true }));

  const page = async (pathname: string, signedIn = false) =>
    (await fill(INDEX_HTML, pathname, { signedIn })).html;
  const answersIn = (html: string) =>
    JSON.parse(/<script type="application\/json" id="first-screen-data">(.*?)<\/script>/s.exec(html)![1]!);

  it('renders the first screen with the data and sends the answers with it, for the app to start from', async () => {
    const html = await page('/blog');
    expect(html).toContain(
      '<div id="root"><ul data-page="/blog"><li>Carrying the shell home</li></ul></div>',
    );
    expect(html).not.toContain('Loading posts');
    expect(answersIn(html)).toEqual([
      { key: ['blog', 'list'], value: [{ title: 'Carrying the shell home' }] },
    ]);
    // The app's scripts still start after the first paint.
    expect(html).toContain('data-after-first-paint="/assets/index-abc.js /assets/BlogListPage-abc.js"');
  });

  it('renders once for each new answer, whatever spelling of the path is asked for', async () => {
    await page('/blog');
    const first = renders();
    await page('/Blog/');
    await page('/blog');
    expect(renders()).toBe(first);
    titles = ['Carrying the shell home', 'The first morning without a waymark'];
    expect(await page('/blog')).toContain('<li>The first morning without a waymark</li>');
    expect(renders()).toBe(first! + 1);
  });

  it('keeps what the data says as it is: no `$` pattern is expanded, and no value closes the script', async () => {
    titles = ["$& and $' and $1", '</script><script>alert(1)</script>'];
    const html = await page('/blog');
    expect(html).toContain("<li>$& and $' and $1</li>");
    // The answers are read up to the first `</script>`: a title that closed the element would cut them short.
    expect(answersIn(html)[0].value.map((post: { title: string }) => post.title)).toEqual(titles);
  });

  it('sends the built first screen when there is no data, or when the render fails', async () => {
    expect(await page('/donate')).toContain('<div id="root"><h1>Donate</h1></div>');
    titles = null;
    expect(await page('/blog')).toContain('<div id="root"><p>Loading posts</p></div>');
    titles = ['fail'];
    const failed = await page('/blog');
    expect(failed).toContain('<div id="root"><p>Loading posts</p></div>');
    expect(failed).not.toContain('first-screen-data');
    expect(warnings).toEqual(['could not render a first screen with its data']);
  });

  it('sends a page behind sign-in as the sign-in screen, without any page’s data', async () => {
    const html = await page('/profile');
    expect(html).toContain('<div id="root"><h1>Sign in</h1></div>');
    expect(html).not.toContain('first-screen-data');
  });
});
