import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/** The files the build adds for the installable app (web/pwa.config.ts), served by the app itself. */
describe(`the installable app's files on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'installable-app-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await mkdir(path.join(webDist, 'icons'));
    await Promise.all([
      writeFile(path.join(webDist, 'index.html'), '<html><head><title>Pilgrim Soul</title></head></html>'),
      writeFile(path.join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'Pilgrim Soul' })),
      writeFile(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});'),
      writeFile(path.join(webDist, 'offline.html'), '<html><body>You are offline</body></html>'),
      writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'export {};'),
      writeFile(path.join(webDist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47])),
    ]);
    testApp = await createTestApp({ WEB_DIST_DIR: webDist });
  });

  afterAll(async () => {
    await testApp.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('serves the web app manifest as application/manifest+json', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.json()).toEqual({ name: 'Pilgrim Soul' });
  });

  it('serves the service worker as JavaScript that the browser revalidates on every visit', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps hashed build files immutable and serves the offline page and icons', async () => {
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const offline = await get('/offline.html');
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['content-type']).toMatch(/^text\/html/);
    const icon = await get('/icons/icon-192.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });
});
