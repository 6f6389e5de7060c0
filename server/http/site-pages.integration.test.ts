import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { PAGE_SHELLS_FILE, type PageShells } from './page-shells.ts';

const PUBLIC_URL = 'https://pilgrims.example';

/** The head of a page as the server sent it. */
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );

describe(`search and sharing on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  const webDist = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-web-'));

  const page = async (url: string) => {
    const response = await testApp.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    return headOf(response.body);
  };

  /** What the build writes for three pages: one with a first screen, one with a parameter, one behind sign-in. */
  const shells: PageShells = {
    afterFirstPaint: '/assets/after-first-paint-a1.js',
    pages: {
      '/donate': {
        scripts: ['/assets/DonatePage-d1.js', '/assets/Grid-g1.js'],
        styles: ['/assets/DonatePage-d1.css'],
        firstScreen: '<main><h1>Give to Pilgrim Soul</h1></main>',
      },
      '/blog/:id': { scripts: ['/assets/BlogPostPage-b1.js'], styles: [] },
      '/soul-story': {
        scripts: ['/assets/SoulStoryPage-s1.js'],
        styles: [],
        signedOut: {
          scripts: ['/assets/LoginSignupPage-l1.js'],
          styles: [],
          firstScreen: '<main><h1>Sign in</h1></main>',
        },
      },
    },
  };
  const assets = [
    '/assets/index-e1.js',
    '/assets/react-r1.js',
    shells.afterFirstPaint,
    ...Object.values(shells.pages).flatMap((shell) => [
      ...shell.scripts,
      ...shell.styles,
      ...(shell.signedOut?.scripts ?? []),
    ]),
  ];

  beforeAll(async () => {
    // index.html as Vite writes it: the entry script and its modulepreload links in the head.
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Pilgrim Soul</title>\n    <script type="module" crossorigin src="/assets/index-e1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-r1.js">\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
    );
    mkdirSync(path.join(webDist, '.vite'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, PAGE_SHELLS_FILE), JSON.stringify(shells));
    for (const asset of assets) writeFileSync(path.join(webDist, asset), '/* built */');
    testApp = await createTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL });
  });
  afterAll(() => testApp.close());

  it('serves robots.txt as text, pointing at the sitemap', async () => {
    const response = await testApp.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /media/');
    expect(response.body).not.toContain('<html');
  });

  it('serves a sitemap of the public pages at their one spelling, and the posts', async () => {
    const response = await testApp.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    for (const path of [
      '/',
      '/about',
      '/blog',
      '/donate',
      '/store',
      '/joinus',
      '/volunteer',
      '/login',
      '/faq',
      '/privacy',
    ])
      expect(locations).toContain(new URL(path, PUBLIC_URL).toString());
    expect(locations).toContain(`${PUBLIC_URL}/blog/carrying-the-shell-home`);
    for (const other of [
      '/JoinUs',
      '/Volunteer',
      '/Store',
      '/LoginSignup',
      '/soulstory',
      '/profile',
      '/admin',
    ])
      expect(locations).not.toContain(`${PUBLIC_URL}${other}`);
    expect(new Set(locations).size).toBe(locations.length);
  });

  it('gives every public page its own title, description, canonical URL and preview tags', async () => {
    const pages = ['/', '/about', '/lumen', '/blog', '/donate', '/store', '/joinus', '/volunteer', '/survey'];
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const url of [
      ...pages,
      '/contact',
      '/inquire',
      '/faq',
      '/terms',
      '/privacy',
      '/press',
      '/doors',
      '/login',
    ]) {
      const head = await page(url);
      const title = /<title>([^<]*)<\/title>/.exec(head)?.[1];
      const description = metaContent(head, 'description');
      expect(title, url).toMatch(/Pilgrim Soul/);
      expect(description?.length, url).toBeGreaterThan(40);
      expect(head.match(/<title>/g), url).toHaveLength(1);
      titles.add(title!);
      descriptions.add(description!);
      expect(canonicalOf(head), url).toBe(new URL(url, PUBLIC_URL).toString());
      expect(metaContent(head, 'og:url'), url).toBe(canonicalOf(head));
      expect(metaContent(head, 'og:title'), url).toBe(title?.replaceAll('&amp;', '&'));
      expect(metaContent(head, 'og:description'), url).toBe(description);
      expect(metaContent(head, 'og:image'), url).toBe(`${PUBLIC_URL}/static/brand/logo-mark.png`);
      expect(metaContent(head, 'og:type'), url).toBe('website');
      expect(metaContent(head, 'twitter:card'), url).toBe('summary');
      expect(metaContent(head, 'twitter:title'), url).toBe(metaContent(head, 'og:title'));
      expect(metaContent(head, 'twitter:description'), url).toBe(description);
      expect(metaContent(head, 'twitter:image'), url).toBe(metaContent(head, 'og:image'));
      expect(metaContent(head, 'robots'), url).toBeUndefined();
    }
    expect(titles.size).toBe(17);
    expect(descriptions.size).toBe(17);
  });

  it('names one canonical spelling for the pages with two', async () => {
    const spellings: Record<string, string[]> = {
      '/store': ['/Store', '/store/'],
      '/joinus': ['/JoinUs', '/Joinus'],
      '/volunteer': ['/Volunteer', '/volunteer/'],
      '/login': ['/LoginSignup', '/loginsignup'],
      '/soul-story': ['/soulstory', '/Soul-Story'],
    };
    for (const [canonical, others] of Object.entries(spellings)) {
      const expected = `${PUBLIC_URL}${canonical}`;
      expect(canonicalOf(await page(canonical))).toBe(expected);
      for (const other of others) expect(canonicalOf(await page(other)), other).toBe(expected);
    }
  });

  it('describes the organisation in JSON-LD on the home page', async () => {
    const [organisation] = jsonLdOf(await page('/'));
    expect(organisation).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Pilgrim Soul',
      url: `${PUBLIC_URL}/`,
      logo: `${PUBLIC_URL}/static/brand/logo.png`,
    });
    expect(organisation.sameAs).toContain('https://instagram.com/pilgrimsoul');
  });

  it('gives a post its canonical URL, article tags and BlogPosting JSON-LD, by slug or by id', async () => {
    const [post] = (await testApp.app.inject({ url: '/api/posts/' })).json() as {
      id: string;
      slug: string;
      title: string;
      teaser: string;
      author: string;
      published_at: string;
    }[];
    for (const key of [post!.slug, post!.id, `${post!.slug}/`]) {
      const head = await page(`/blog/${key}`);
      expect(canonicalOf(head)).toBe(`${PUBLIC_URL}/blog/${post!.slug}`);
      expect(metaContent(head, 'og:type')).toBe('article');
      const [posting] = jsonLdOf(head);
      expect(posting).toMatchObject({
        '@type': 'BlogPosting',
        headline: post!.title,
        datePublished: post!.published_at,
        author: { '@type': 'Person', name: post!.author },
        publisher: { '@type': 'Organization', name: 'Pilgrim Soul' },
        mainEntityOfPage: `${PUBLIC_URL}/blog/${post!.slug}`,
      });
    }
  });

  it('keeps private links and unknown pages out of search results, without a canonical URL', async () => {
    for (const url of [
      '/reset-password/some-token',
      '/donations/manage/some-token',
      '/no-such-page',
      '/blog/nope',
    ]) {
      const head = await page(url);
      expect(metaContent(head, 'robots'), url).toBe('noindex');
      expect(canonicalOf(head), url).toBeUndefined();
      expect(/<title>([^<]*)<\/title>/.exec(head)?.[1]).toBe('Pilgrim Soul');
    }
  });

  const bodyOf = async (url: string) => (await testApp.app.inject({ url })).body;
  const rootOf = (html: string) => /<div id="root">(.*)<\/div>\n?\s*<\/body>/s.exec(html)?.[1];
  const modulePreloads = (html: string) =>
    [...headOf(html).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1],
    );

  it('sends a page with a first screen that screen, and starts its scripts only after it has painted', async () => {
    for (const url of ['/donate', '/Donate/', '/donate?amount=20']) {
      const html = await bodyOf(url);
      expect(rootOf(html), url).toBe('<main><h1>Give to Pilgrim Soul</h1></main>');
      // Nothing in the head asks for a script at once: the starter asks for them after the first paint.
      expect(headOf(html)).not.toContain('src="/assets/index-e1.js"');
      expect(modulePreloads(html)).toEqual([]);
      const starter =
        /<script type="module" crossorigin src="([^"]+)" data-after-first-paint="([^"]+)"><\/script>/.exec(
          headOf(html),
        );
      expect(starter?.[1]).toBe('/assets/after-first-paint-a1.js');
      expect(starter?.[2]?.split(' ')).toEqual([
        '/assets/index-e1.js',
        '/assets/react-r1.js',
        '/assets/DonatePage-d1.js',
        '/assets/Grid-g1.js',
      ]);
      expect(headOf(html)).toContain('<link rel="stylesheet" crossorigin href="/assets/DonatePage-d1.css">');
      // Its page meta is still there.
      expect(headOf(html)).toContain('<title>Donate · Pilgrim Soul</title>');
    }
  });

  it('preloads the chunks of a page without a first screen beside the entry script', async () => {
    const post = await bodyOf('/blog/42');
    expect(headOf(post)).toContain('<script type="module" crossorigin src="/assets/index-e1.js"></script>');
    expect(modulePreloads(post)).toEqual(['/assets/react-r1.js', '/assets/BlogPostPage-b1.js']);
    expect(rootOf(post)).toBe('');
    // A page the table does not know keeps index.html's own links only.
    const unknown = await bodyOf('/no-such-page');
    expect(modulePreloads(unknown)).toEqual(['/assets/react-r1.js']);
    expect(rootOf(unknown)).toBe('');
  });

  it('sends a page behind sign-in as the sign-in screen without the signed-in hint, and with its own chunks with it', async () => {
    const visit = (cookie?: string) =>
      testApp.app.inject({ url: '/soul-story', headers: cookie ? { cookie } : {} });
    const signedOut = await visit();
    expect(rootOf(signedOut.body)).toBe('<main><h1>Sign in</h1></main>');
    expect(signedOut.body).toContain(
      'data-after-first-paint="/assets/index-e1.js /assets/react-r1.js /assets/LoginSignupPage-l1.js"',
    );
    expect(signedOut.headers.vary).toContain('Cookie');
    // Its own title stays: the app routes to sign in once it runs.
    expect(headOf(signedOut.body)).toContain('<title>');

    for (const cookie of ['signed_in=1', 'theme=dark; signed_in=1', 'signed_in=1; theme=dark']) {
      const signedIn = await visit(cookie);
      expect(rootOf(signedIn.body), cookie).toBe('');
      expect(modulePreloads(signedIn.body), cookie).toEqual([
        '/assets/react-r1.js',
        '/assets/SoulStoryPage-s1.js',
      ]);
      expect(signedIn.headers.vary).toContain('Cookie');
    }
    // Only the exact hint counts.
    for (const cookie of ['signed_in=0', 'not_signed_in=1', 'signed_in=1x'])
      expect(rootOf((await visit(cookie)).body), cookie).toBe('<main><h1>Sign in</h1></main>');
    // A page that does not depend on it says nothing of cookies.
    expect((await testApp.app.inject({ url: '/donate' })).headers.vary ?? '').not.toContain('Cookie');
  });

  it('names only build files that exist in the links it adds', async () => {
    for (const url of ['/donate', '/blog/42', '/soul-story']) {
      const html = await bodyOf(url);
      const named = [
        ...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g),
        ...html.matchAll(/data-after-first-paint="([^"]+)"/g),
      ].flatMap((match) => match[1]!.split(' '));
      expect(named.length).toBeGreaterThan(0);
      for (const asset of named)
        expect((await testApp.app.inject({ url: asset })).statusCode, asset).toBe(200);
    }
  });
});
