import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOf } from '#test/metrics.ts';
import { makeClip, makePhoto, storyClient } from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { tusClient } from '#test/tus.ts';
import { createUser } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';

/** A render in the background, while other test files share the 2 cores. */
const RENDER_WAIT_MS = 120_000;

describe(`metrics on a port of their own, on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let publicUrl: string;
  const scrape = async () => {
    const response = await fetch(testApp.deps.metricsUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  beforeAll(async () => {
    // One failed sign-in per address, so the second is refused by its rule.
    testApp = await createTestApp({ METRICS_PORT: '0', AUTH_RATE_LIMIT_PER_IP: '1' });
    publicUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(() => testApp.close());

  it('serves /metrics on METRICS_PORT, on the loopback, and never on the public port', async () => {
    expect(testApp.deps.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(testApp.deps.metricsUrl).not.toBe(`${publicUrl}/metrics`);
    // A page path answers the web app's page; /metrics is not one.
    expect((await fetch(`${publicUrl}/about`)).headers.get('content-type')).toMatch(/^text\/html/);
    for (const pathname of ['/metrics', '/metrics/', '/metrics?format=text']) {
      const onPublicPort = await fetch(`${publicUrl}${pathname}`);
      expect(onPublicPort.status).toBe(404);
      expect(await onPublicPort.text()).not.toContain('# TYPE');
    }
    const elsewhere = await fetch(testApp.deps.metricsUrl!.replace(/\/metrics$/, '/'));
    expect(elsewhere.status).toBe(404);
    const text = await scrape();
    // Node's and the process's own.
    expect(sampleOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleOf(text, 'nodejs_eventloop_lag_p99_seconds')).toBeDefined();
  });

  it('times requests under their route template, not the path with its id', async () => {
    const posts = (await (await fetch(`${publicUrl}/api/posts/`)).json()) as { id: string }[];
    const post = posts[0]!;
    expect((await fetch(`${publicUrl}/api/posts/${post.id}/`)).status).toBe(200);
    expect((await fetch(`${publicUrl}/api/no-such-thing/${post.id}`)).status).toBe(404);
    const text = await scrape();
    expect(
      sampleOf(text, 'http_request_duration_seconds_count', {
        route: '/api/posts/:id/',
        method: 'GET',
        status: '200',
      }),
    ).toBe(1);
    expect(
      sampleOf(text, 'http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(post.id);
  });

  it('counts failed sign-ins and the refusals of a rate limit by rule', async () => {
    const login = () =>
      fetch(`${publicUrl}/api/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }),
      });
    expect((await login()).status).toBe(401);
    expect((await login()).status).toBe(429);
    const text = await scrape();
    expect(sampleOf(text, 'pilgrim_sign_in_failures_total')).toBe(1);
    expect(sampleOf(text, 'pilgrim_rate_limit_refusals_total', { rule: 'login:ip' })).toBe(1);
  });

  it("reports every queue's jobs by state, an upload's bytes and a memory's render", async () => {
    const before = await scrape();
    for (const state of ['waiting', 'deferred', 'active', 'failed'])
      expect(sampleOf(before, 'pilgrim_jobs', { queue: 'soul-story.normalise', state })).toBeDefined();
    expect(sampleOf(before, 'pilgrim_jobs_oldest_waiting_seconds', { queue: 'soul-story.normalise' })).toBe(
      0,
    );

    const work = await mkdtemp(path.join(tmpdir(), 'metrics-media-'));
    await makePhoto(path.join(work, 'a.jpg'), '320x240');
    await makeClip(path.join(work, 'a.webm'), { seconds: 1, colour: 'red', live: true });
    const photo = await readFile(path.join(work, 'a.jpg'));
    const take = await readFile(path.join(work, 'a.webm'));
    await rm(work, { recursive: true, force: true });
    const { headers } = await createUser(testApp);
    const uploaded = await storyClient(testApp).upload(
      headers,
      { type: 'photo', title: 'Finisterre' },
      {
        content: photo,
        filename: 'a.jpg',
      },
    );
    expect(uploaded.statusCode).toBe(201);
    // A take in two PATCHes: rendered as it arrives, or else by the normalise job once complete.
    const tus = await tusClient(testApp.app);
    const created = await tus.create(headers, { type: 'joy', title: '' }, take.length);
    expect(created.status, created.error).toBe(201);
    const location = created.headers.get('location')!;
    const half = Math.ceil(take.length / 2);
    expect((await tus.patch(headers, location, 0, take.subarray(0, half))).status).toBe(204);
    expect((await tus.patch(headers, location, half, take.subarray(half))).status).toBe(204);

    const rendered = await waitFor(
      scrape,
      (text) =>
        (sampleOf(text, 'pilgrim_render_duration_seconds_count', { kind: 'segment' }) ?? 0) +
          (sampleOf(text, 'pilgrim_render_duration_seconds_count', { kind: 'live-segment' }) ?? 0) ===
        2,
      RENDER_WAIT_MS,
    );
    expect(sampleOf(rendered, 'pilgrim_render_duration_seconds_sum', { kind: 'segment' })).toBeGreaterThan(0);
    expect(sampleOf(rendered, 'pilgrim_upload_bytes_total', { protocol: 'multipart' })).toBe(photo.length);
    expect(sampleOf(rendered, 'pilgrim_upload_bytes_total', { protocol: 'tus' })).toBe(take.length);
    expect(
      sampleOf(rendered, 'http_request_duration_seconds_count', {
        route: '/api/soulstory/upload/',
        method: 'POST',
        status: '201',
      }),
    ).toBe(1);
  });
});
