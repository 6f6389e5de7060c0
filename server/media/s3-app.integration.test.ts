import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '#test/s3-bucket.ts';
import { listFiles, makeClip, makePhoto, storyClient } from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createUser } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';

/** How long ffmpeg may take to render in the background while other test files share the 2 cores. */
const RENDER_WAIT_MS = 150_000;

describe(`media in an S3 bucket, on ${process.env.TEST_DB}`, () => {
  let bucket: TestBucket;
  let testApp: TestApp;
  const files: Record<string, Buffer> = {};

  beforeAll(async () => {
    bucket = await startTestBucket();
    testApp = await createTestApp(bucket.env);
    const work = await mkdtemp(path.join(tmpdir(), 'soul-story-media-'));
    await makeClip(path.join(work, 'a.webm'), { seconds: 1, colour: 'red' });
    await makePhoto(path.join(work, 'a.jpg'));
    for (const name of ['a.webm', 'a.jpg']) files[name] = await readFile(path.join(work, name));
    await rm(work, { recursive: true, force: true });
  }, 300_000);

  afterAll(async () => {
    await testApp?.close();
    await bucket?.close();
  });

  /** What a browser does with a media URL: follows the app's redirect to the bucket. */
  const fetchMedia = async (url: string, headers: Record<string, string> = {}) => {
    const answer = await testApp.app.inject({ method: 'GET', url, headers });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('no-store');
    const location = String(answer.headers.location);
    expect(location.startsWith(bucket.env.S3_ENDPOINT!)).toBe(true);
    return fetch(location, { headers });
  };

  it('stores uploads in the bucket, renders the keepsake from it, and serves every URL by redirect', async () => {
    const { upload, keepsake } = storyClient(testApp);
    const { headers: auth } = await createUser(testApp, { firstName: 'Ines' });

    const photo = (
      await upload(auth, { type: 'photo', title: 'Harbour' }, { content: files['a.jpg']! })
    ).json();
    expect(photo.media_url).toMatch(/^\/media\/.+\.jpg$/);
    const photoBytes = await fetchMedia(photo.media_url);
    expect(photoBytes.status).toBe(200);
    expect(photoBytes.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await photoBytes.arrayBuffer()).equals(files['a.jpg']!)).toBe(true);

    for (const type of ['call', 'suffering', 'joy', 'what_found_you'])
      expect((await upload(auth, { type }, { content: files['a.webm']! })).statusCode).toBe(201);
    const ready = await waitFor(
      () => keepsake(auth),
      (state) => state.status === 'ready',
      RENDER_WAIT_MS,
    );
    expect(ready.video_url).toMatch(/\.mp4$/);
    const part = await fetchMedia(ready.video_url, { range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect((await part.arrayBuffer()).byteLength).toBe(10);

    const { token } = (
      await testApp.app.inject({ method: 'POST', url: '/api/soulstory/share/', headers: auth })
    ).json();
    const shared = await fetchMedia(`/s/${token}/keepsake.mp4`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('content-disposition')).toMatch(/^inline; filename=".+\.mp4"$/);
    expect((await shared.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // Nothing on the web process's disk: a worker on another machine renders the same way.
    expect(await listFiles(testApp.deps.config.mediaDir)).toEqual([]);
  });

  it('serves a take’s captions from the bucket as UTF-8 WebVTT', async () => {
    const { upload, get } = storyClient(testApp);
    const { headers: auth } = await createUser(testApp);
    const take = (await upload(auth, { type: 'call' }, { content: files['a.webm']! })).json();
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:01.000\n¡Buen Camino!\n';
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: `/api/soulstory/${take.id}/captions/`,
      headers: auth,
      payload: { language: 'es', vtt },
    });
    expect(saved.statusCode).toBe(200);
    const [item] = (await get('/api/soulstories/', auth)).json();
    const captions = await fetchMedia(item.captions_url);
    expect(captions.status).toBe(200);
    expect(captions.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await captions.text()).toBe(vtt);
  });
});
