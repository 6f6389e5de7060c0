import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { compressBuild } from '../../scripts/compress-build.ts';

/** Text that compresses, like real code: long enough to pass the 1 KB threshold many times over. */
const text = (line: string, lines = 200) =>
  Array.from({ length: lines }, (_, index) => `${line} ${index}`).join('\n');
/** Bytes that do not compress, like video or a photo. */
const media = (size: number) => Buffer.from(Array.from({ length: size }, (_, index) => (index * 7919) % 256));

const script = text('export const value = "a pilgrim walks on";');
const styles = text('.card { color: #2f4a3a; margin: 0 auto; }');
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Pilgrim Soul</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const svg = `<svg xmlns="http://www.w3.org/2000/svg">${text('<circle cx="1" cy="2" r="3"/>', 100)}</svg>`;
const video = media(4000);

const decoded = (response: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  return response.rawPayload.toString();
};

describe(`compression and caching on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  const webDist = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-web-'));
  const assetsDir = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-assets-'));

  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), indexHtml);
    writeFileSync(path.join(webDist, 'assets/index-abc123.js'), script);
    writeFileSync(path.join(webDist, 'assets/index-abc123.css'), styles);
    writeFileSync(path.join(webDist, 'assets/tiny-abc123.js'), 'export {};');
    writeFileSync(path.join(webDist, 'sw.js'), text('self.addEventListener("fetch", () => {});'));
    await compressBuild(webDist);
    mkdirSync(path.join(assetsDir, 'images'));
    writeFileSync(path.join(assetsDir, 'images/pattern.svg'), svg);
    writeFileSync(path.join(assetsDir, 'clip.mp4'), video);
    testApp = await createTestApp({
      WEB_DIST_DIR: webDist,
      ASSETS_DIR: assetsDir,
      CORS_ORIGINS: 'https://app.example',
    });
    await testApp.deps.storage.write('users/test/clip.mp4', video);
  });
  afterAll(() => testApp.close());

  describe('compresses every kind of text by Accept-Encoding', () => {
    const kinds = [
      { kind: 'a JavaScript build asset', url: '/assets/index-abc123.js', type: 'javascript' },
      { kind: 'a CSS build asset', url: '/assets/index-abc123.css', type: 'text/css' },
      { kind: 'a page', url: '/about', type: 'text/html' },
      { kind: 'JSON from the API', url: '/api/posts/', type: 'application/json' },
      { kind: 'the OpenAPI document', url: '/api/openapi.json', type: 'application/json' },
      { kind: 'the RSS feed', url: '/blog/rss.xml', type: 'application/rss+xml' },
      { kind: 'the sitemap', url: '/sitemap.xml', type: 'application/xml' },
      { kind: 'an SVG asset', url: '/static/images/pattern.svg', type: 'image/svg+xml' },
    ];
    for (const { kind, url, type } of kinds)
      it(`${kind}: br, gzip or identity`, async () => {
        const plain = await get(url, { 'accept-encoding': 'identity' });
        expect(plain.statusCode).toBe(200);
        expect(plain.headers['content-type']).toContain(type);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.rawPayload.length).toBeGreaterThan(1024);
        for (const encoding of ['br', 'gzip']) {
          const compressed = await get(url, { 'accept-encoding': encoding });
          expect(compressed.statusCode).toBe(200);
          expect(compressed.headers['content-encoding']).toBe(encoding);
          expect(compressed.headers['content-type']).toContain(type);
          expect(String(compressed.headers.vary).toLowerCase()).toContain('accept-encoding');
          expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
          expect(decoded(compressed)).toBe(plain.body);
        }
        // A browser sends several and gets brotli, the smallest.
        const browser = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
        expect(browser.headers['content-encoding']).toBe('br');
      });

    it('sends build assets as compressed at build time, and keeps them immutable', async () => {
      const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.equals(readFileSync(path.join(webDist, 'assets/index-abc123.js.br')))).toBe(
        true,
      );
    });

    it('still has the browser revalidate the service worker when it is sent compressed', async () => {
      const response = await get('/sw.js', { 'accept-encoding': 'br' });
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('leaves dynamic answers under 1 KB as they are; even a tiny build asset was compressed at build time', async () => {
      const health = await get('/healthz', { 'accept-encoding': 'br' });
      expect(health.headers['content-encoding']).toBeUndefined();
      expect(health.json()).toEqual({ status: 'ok' });
      const tiny = await get('/assets/tiny-abc123.js', { 'accept-encoding': 'gzip' });
      expect(tiny.headers['content-encoding']).toBe('gzip');
      expect(tiny.rawPayload.equals(readFileSync(path.join(webDist, 'assets/tiny-abc123.js.gz')))).toBe(true);
      expect(decoded(tiny)).toBe('export {};');
    });
  });

  describe('never compresses media, and Range keeps working', () => {
    const mediaUrls = () => [
      { kind: 'a public video', url: '/static/clip.mp4' },
      { kind: 'a signed media URL', url: testApp.deps.media.url('users/test/clip.mp4') },
    ];
    it('sends video as stored, whole or in part, whatever the client accepts', async () => {
      for (const { url } of mediaUrls()) {
        const whole = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
        expect(whole.statusCode).toBe(200);
        expect(whole.headers['content-type']).toBe('video/mp4');
        expect(whole.headers['content-encoding']).toBeUndefined();
        expect(whole.rawPayload.equals(video)).toBe(true);
        const part = await get(url, { 'accept-encoding': 'gzip, deflate, br', range: 'bytes=100-1299' });
        expect(part.statusCode).toBe(206);
        expect(part.headers['content-range']).toBe(`bytes 100-1299/${video.length}`);
        expect(part.headers['content-encoding']).toBeUndefined();
        expect(part.rawPayload.equals(video.subarray(100, 1300))).toBe(true);
      }
    });
  });

  describe('public reads send an ETag and a short Cache-Control, and answer If-None-Match with 304', () => {
    const reads = [
      { url: '/api/posts/', cacheControl: 'public, no-cache' },
      { url: '/api/posts/carrying-the-shell-home/', cacheControl: 'public, no-cache' },
      { url: '/api/store/products/', cacheControl: 'public, max-age=60' },
      { url: '/api/payments/config/', cacheControl: 'public, max-age=60' },
      { url: '/api/chat/config/', cacheControl: 'public, max-age=60' },
      { url: '/api/chat/helplines/', cacheControl: 'public, max-age=60' },
      { url: '/api/openapi.json', cacheControl: 'public, max-age=60' },
      { url: '/blog/rss.xml', cacheControl: 'public, max-age=300' },
      { url: '/sitemap.xml', cacheControl: 'public, max-age=300' },
      { url: '/robots.txt', cacheControl: 'public, max-age=3600' },
      { url: '/', cacheControl: 'public, no-cache' },
      { url: '/blog/carrying-the-shell-home', cacheControl: 'public, no-cache' },
    ];
    for (const { url, cacheControl } of reads)
      it(url, async () => {
        const first = await get(url, { 'accept-encoding': 'br' });
        expect(first.statusCode).toBe(200);
        expect(first.headers['cache-control']).toBe(cacheControl);
        const etag = String(first.headers.etag);
        expect(etag).toMatch(/^W\/"[\w-]+"$/);
        // The tag names the content, not its encoding.
        expect((await get(url, { 'accept-encoding': 'identity' })).headers.etag).toBe(etag);

        const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(cacheControl);
        expect(again.headers['content-encoding']).toBeUndefined();
        const listed = await get(url, { 'if-none-match': `W/"other", ${etag.replace('W/', '')}` });
        expect(listed.statusCode).toBe(304);

        const changed = await get(url, { 'if-none-match': 'W/"something-else"' });
        expect(changed.statusCode).toBe(200);
        expect(changed.body).toBe(decoded(first));
      });

    it('varies by origin as well as encoding when another origin calls', async () => {
      const response = await get('/api/posts/', { origin: 'https://app.example', 'accept-encoding': 'br' });
      expect(response.headers['access-control-allow-origin']).toBe('https://app.example');
      const vary = String(response.headers.vary).toLowerCase();
      expect(vary).toContain('origin');
      expect(vary).toContain('accept-encoding');
    });

    it('answers HEAD with the same tag and no body', async () => {
      const got = await get('/api/store/products/');
      const head = await testApp.app.inject({ method: 'HEAD', url: '/api/store/products/' });
      expect(head.statusCode).toBe(200);
      expect(head.headers.etag).toBe(got.headers.etag);
      expect(head.body).toBe('');
    });

    it('does not cache a public read that failed', async () => {
      const missing = await get('/api/posts/a-walk-that-never-happened/');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers.etag).toBeUndefined();
      expect(missing.headers['cache-control']).toBe('private, no-store');
    });
  });

  describe('personal answers are never kept', () => {
    it('sends private, no-store on what a signed-in pilgrim reads and on refusals', async () => {
      const registered = await testApp.app.inject({
        method: 'POST',
        url: '/api/register/',
        payload: {
          username: `cache_${process.pid}`,
          email: `cache.${process.pid}@example.com`,
          password: 'long-enough-pass',
        },
      });
      expect(registered.statusCode).toBe(201);
      expect(registered.headers['cache-control']).toBe('private, no-store');
      const authorization = `Bearer ${registered.json().access}`;
      for (const url of ['/api/profile/', '/api/user/', '/api/soulstories/', '/api/notifications/']) {
        const response = await get(url, { authorization, 'accept-encoding': 'br' });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).toBe('private, no-store');
        expect(response.headers.etag, url).toBeUndefined();
      }
      const refused = await get('/api/profile/');
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['cache-control']).toBe('private, no-store');
    });

    it('keeps the cache rules of media as they were', async () => {
      const signed = await get(testApp.deps.media.url('users/test/clip.mp4'));
      expect(signed.headers['cache-control']).toBe('private, max-age=3600');
    });
  });

  it('keeps answering page paths and API paths as before', async () => {
    const unknownApi = await get('/api/no-such-thing/', { 'accept-encoding': 'br' });
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownApi.json().error).toContain('No such endpoint');
    const overLong = await get(`/api/posts/${'x'.repeat(300)}/`);
    expect(overLong.statusCode).toBe(414);
    const missingAsset = await get('/static/no-such-file.png');
    expect(missingAsset.statusCode).toBe(404);
    const post = await testApp.app.inject({ method: 'POST', url: '/about' });
    expect(post.statusCode).toBe(404);
    const head = await testApp.app.inject({ method: 'HEAD', url: '/about' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });
});
