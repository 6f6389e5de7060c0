import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createRateLimiter } from './rate-limit.ts';

describe(`HTTP base on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(() => testApp.close());

  it('answers /healthz and /readyz', async () => {
    const health = await testApp.app.inject({ url: '/healthz' });
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await testApp.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('publishes an OpenAPI 3 document and a readable reference page', async () => {
    const document = await testApp.app.inject({ url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    const spec = document.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toContain('/api/notifications/');
    const redirect = await testApp.app.inject({ url: '/api/docs' });
    const location = redirect.statusCode === 301 ? String(redirect.headers.location) : '/api/docs';
    const reference = await testApp.app.inject({ url: location });
    expect(reference.statusCode).toBe(200);
    expect(reference.body).toContain('/api/openapi.json');
    expect(reference.headers['content-type']).toContain('text/html');
  });

  it('answers the health probes with their status, a JSON body and only the headers a probe needs', async () => {
    const probeHeaders = (headers: Record<string, unknown>) =>
      Object.keys(headers)
        .filter((name) => !['date', 'connection', 'content-length'].includes(name))
        .sort();
    const kept = ['cache-control', 'content-type', 'x-content-type-options'];

    const health = await testApp.app.inject({ url: '/healthz', headers: { origin: 'https://example.org' } });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    expect(probeHeaders(health.headers)).toEqual(kept);
    expect(health.headers).toMatchObject({
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
    });

    const ready = await testApp.app.inject({ url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
    expect(probeHeaders(ready.headers)).toEqual(kept);

    // Without its media folder the process is not ready; the answer says so with the same headers.
    const mediaDir = testApp.deps.config.mediaDir;
    renameSync(mediaDir, `${mediaDir}.away`);
    try {
      const notReady = await testApp.app.inject({ url: '/readyz' });
      expect([notReady.statusCode, notReady.json()]).toEqual([
        503,
        { error: 'The media storage is not reachable.' },
      ]);
      expect(probeHeaders(notReady.headers)).toEqual(kept);
      expect(notReady.headers['cache-control']).toBe('no-store');
    } finally {
      renameSync(`${mediaDir}.away`, mediaDir);
    }
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await testApp.app.inject({ url: '/api/posts/' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown API route with 404 and an error field', async () => {
    const response = await testApp.app.inject({ url: '/api/no-such-thing/' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toContain('No such endpoint');
  });

  it('answers malformed JSON with 400 and an error field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read/',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('The request body is not valid JSON');
  });

  it('answers a wrong content type with 415 and an error field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read/',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('Unsupported content type');
  });

  it('answers an oversized body with 413 and an error field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('The request body is too large');
  });

  it('answers invalid input with 400, the message as written and the field at fault', async () => {
    const missing = await testApp.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: '', password: '' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'Email is required', field: 'email' });
    const wrongType = await testApp.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: 'pilgrim@example.com', password: 5 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ error: 'Password is required', field: 'password' });
  });

  it('refuses a call without a valid token with 401', async () => {
    const missing = await testApp.app.inject({ url: '/api/notifications/' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe('Authentication required. Please log in again.');
    const forged = await testApp.app.inject({
      url: '/api/notifications/',
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('counts rate limits in the database, so two processes share one window', async () => {
    const rule = { name: 'test-shared', limit: 3, windowSeconds: 60 };
    const first = createRateLimiter(testApp.deps.db);
    const second = createRateLimiter(testApp.deps.db);
    await first.hit(rule, 'subject');
    await second.hit(rule, 'subject');
    await first.hit(rule, 'subject');
    await expect(second.hit(rule, 'subject')).rejects.toMatchObject({ status: 429 });
    await expect(first.hit(rule, 'another-subject')).resolves.toBeUndefined();
  });

  it('starts a new window once the old one has passed', async () => {
    const limiter = createRateLimiter(testApp.deps.db);
    const rule = { name: 'test-window', limit: 1, windowSeconds: 1 };
    await limiter.hit(rule, 'subject');
    await expect(limiter.hit(rule, 'subject')).rejects.toMatchObject({ status: 429 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(limiter.hit(rule, 'subject')).resolves.toBeUndefined();
  });

  it('answers a count without refusing, and takes a hit back within its window only', async () => {
    const limiter = createRateLimiter(testApp.deps.db, 2);
    const rule = { name: 'test-count', limit: 1, windowSeconds: 60 };
    expect(await limiter.count(rule, 'subject')).toMatchObject({ count: 1, limit: 2 });
    expect(await limiter.count(rule, 'subject')).toMatchObject({ count: 2 });
    const past = await limiter.count(rule, 'subject');
    expect(past.count).toBe(3);
    expect(past.retryAfter).toBeGreaterThan(55);
    await limiter.undo(rule, 'subject');
    await limiter.undo(rule, 'subject');
    await expect(limiter.hit(rule, 'subject')).resolves.toBeUndefined();
    await expect(limiter.hit(rule, 'subject')).rejects.toMatchObject({ status: 429 });
    await limiter.undo(rule, 'nobody-yet');
    expect((await limiter.count(rule, 'nobody-yet')).count).toBe(1);
  });

  it('scales limits by configuration', async () => {
    const limiter = createRateLimiter(testApp.deps.db, 2);
    const rule = { name: 'test-scaled', limit: 1, windowSeconds: 60 };
    await limiter.hit(rule, 'subject');
    await limiter.hit(rule, 'subject');
    await expect(limiter.hit(rule, 'subject')).rejects.toMatchObject({ status: 429 });
  });
});

describe(`signed media on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256));

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.deps.storage.write('users/test/clip.webm', bytes);
  });
  afterAll(() => testApp.close());

  it('serves a file through its signed URL, with Range support', async () => {
    const url = testApp.deps.media.url('users/test/clip.webm');
    const whole = await testApp.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await testApp.app.inject({ url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('refuses a tampered or expired URL with 404', async () => {
    const url = testApp.deps.media.url('users/test/clip.webm');
    const tampered = url.replace('users/test', 'users/other');
    expect((await testApp.app.inject({ url: tampered })).statusCode).toBe(404);
    const expired = url.replace(/^\/media\/\d+\//, '/media/1000/');
    const response = await testApp.app.inject({ url: expired });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('This link has expired or is not valid.');
  });

  it('refuses a path that tries to leave the media folder', async () => {
    const response = await testApp.app.inject({ url: '/media/9999999999/abc/../secret.key' });
    expect(response.statusCode).toBe(404);
  });
});

describe(`built-in media assets on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  const assetsDir = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-assets-'));

  beforeAll(async () => {
    mkdirSync(path.join(assetsDir, 'brand'));
    writeFileSync(
      path.join(assetsDir, 'brand/logo-mark.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><title>ours</title></svg>',
    );
    testApp = await createTestApp({ ASSETS_DIR: assetsDir });
  });
  afterAll(() => testApp.close());

  it("serves an operator's file in place of the built-in one with the same name", async () => {
    const replaced = await testApp.app.inject({ url: '/static/brand/logo-mark.svg' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.body).toContain('<title>ours</title>');
  });

  it('still serves the built-in files the operator did not replace', async () => {
    const builtIn = await testApp.app.inject({ url: '/static/brand/logo.svg' });
    expect(builtIn.statusCode).toBe(200);
    expect(builtIn.headers['content-type']).toContain('image/svg+xml');
  });
});
