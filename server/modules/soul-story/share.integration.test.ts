import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soulStoryMessages as messages } from '#contract/soul-story.ts';
import { type StoryClient, storyClient } from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createUser } from '#test/users.ts';
import * as repository from './repository.ts';
import { keepsakeKeysFor } from './service.ts';

describe(`a shared keepsake’s media on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let get: StoryClient['get'];

  beforeAll(async () => {
    const webDist = await mkdtemp(path.join(tmpdir(), 'soul-story-share-web-'));
    await writeFile(
      path.join(webDist, 'index.html'),
      '<html><head><title>Pilgrim Soul</title></head><body></body></html>',
    );
    testApp = await createTestApp({ WEB_DIST_DIR: webDist });
    ({ get } = storyClient(testApp));
  });

  afterAll(() => testApp.close());

  /** A finished keepsake, as the join job publishes one, without rendering: its files go straight to storage. */
  const publishKeepsake = async (userId: string, videoBytes = 4096) => {
    const { version } = await repository.bumpVersion(testApp.deps.db, userId);
    const keys = keepsakeKeysFor(userId, version);
    const video = randomBytes(videoBytes);
    const poster = randomBytes(512);
    await testApp.deps.storage.write(keys.videoKey, video);
    await testApp.deps.storage.write(keys.posterKey, poster);
    await repository.publishKeepsake(testApp.deps.db, userId, version, {
      ...keys,
      videoCrc32: crc32(video),
      captionsKey: null,
      captionsLanguage: null,
    });
    return { ...keys, video, poster };
  };

  const share = async (auth: Record<string, string>) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/soulstory/share/',
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    return response;
  };

  const stopSharing = async (auth: Record<string, string>) => {
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/soulstory/share/',
      headers: auth,
    });
    expect(response.json()).toEqual({ ok: true });
  };

  const expectGone = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, url).toBe(404);
    expect(response.json().error).toBe(messages.shareNotFound);
  };

  it('serves the video and poster through the share, with Range and the keepsake’s file name', async () => {
    const { headers: auth, id } = await createUser(testApp, { firstName: 'Santiago' });
    const keepsake = await publishKeepsake(id);
    const { token } = (await share(auth)).json();

    const view = (await get(`/api/soulstory/shared/${token}/`)).json();
    expect(view).toEqual({
      video_url: `/s/${token}/keepsake.mp4`,
      poster_url: `/s/${token}/poster.jpg`,
      title: 'Santiago’s Soul Story',
      owner_name: 'Santiago',
      captions_url: null,
      captions_language: null,
      captioned_video_url: null,
    });

    const whole = await get(view.video_url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'content-length': '4096',
      'content-disposition': 'inline; filename="my-soul-story.mp4"',
      'cache-control': 'private, no-cache',
    });
    expect(whole.rawPayload.equals(keepsake.video)).toBe(true);

    const ranged = await get(view.video_url, { range: 'bytes=100-199' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe('bytes 100-199/4096');
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.rawPayload.equals(keepsake.video.subarray(100, 200))).toBe(true);
    const tail = await get(view.video_url, { range: 'bytes=4000-' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(keepsake.video.subarray(4000))).toBe(true);
    const beyond = await get(view.video_url, { range: 'bytes=5000-6000' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */4096');
    // Kept by a browser, it is asked for again before reuse: still shared, it is not sent twice.
    const etag = whole.headers.etag as string;
    expect((await get(view.video_url, { 'if-none-match': etag })).statusCode).toBe(304);

    const poster = await get(view.poster_url);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-disposition': 'inline; filename="my-soul-story.jpg"',
      'cache-control': 'private, no-cache',
    });
    expect(poster.rawPayload.equals(keepsake.poster)).toBe(true);

    // The owner's own signed URL streams through the same helper.
    const signed = await get(testApp.deps.media.url(keepsake.videoKey), { range: 'bytes=0-9' });
    expect(signed.statusCode).toBe(206);
    expect(signed.headers['cache-control']).toBe('private, max-age=3600');
    expect(signed.rawPayload.equals(keepsake.video.subarray(0, 10))).toBe(true);
  });

  it('names neither the owner nor a stored file in anything public', async () => {
    const { headers: auth, id } = await createUser(testApp, { firstName: 'Santiago' });
    await publishKeepsake(id);
    const shared = await share(auth);
    const { token } = shared.json();
    const view = await get(`/api/soulstory/shared/${token}/`);
    const page = await get(`/s/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<meta property="og:video" content="http://localhost:3000/s/${token}/keepsake.mp4">`,
    );
    expect(page.body).toContain(
      `<meta property="og:image" content="http://localhost:3000/s/${token}/poster.jpg">`,
    );
    expect(page.body).toContain(
      `<meta name="twitter:image" content="http://localhost:3000/s/${token}/poster.jpg">`,
    );
    for (const [what, body] of [
      ['share answer', shared.body],
      ['public view', view.body],
      ['share page', page.body],
    ] as const) {
      expect(body, what).not.toContain(id);
      expect(body, what).not.toContain('soul-stories/');
      expect(body, what).not.toContain('/media/');
    }
  });

  it('stops serving the media the moment the share is revoked, and serves a new share’s alone', async () => {
    const { headers: auth, id } = await createUser(testApp, { firstName: 'Santiago' });
    const first = await publishKeepsake(id);
    const { token } = (await share(auth)).json();
    // The URLs the share page published.
    const { video_url: video, poster_url: poster } = (await get(`/api/soulstory/shared/${token}/`)).json();
    expect((await get(video)).statusCode).toBe(200);
    expect((await get(poster)).statusCode).toBe(200);

    await stopSharing(auth);
    await expectGone(video);
    await expectGone(poster);
    expect((await get(video, { range: 'bytes=0-9' })).statusCode).toBe(404);
    expect((await get(`/s/${token}`)).body).not.toContain('og:video');

    const again = (await share(auth)).json();
    expect(again.token).not.toBe(token);
    await expectGone(video);
    await expectGone(poster);
    const newVideo = await get(`/s/${again.token}/keepsake.mp4`);
    expect(newVideo.statusCode).toBe(200);
    expect(newVideo.rawPayload.equals(first.video)).toBe(true);
    expect((await get(`/s/${again.token}/poster.jpg`)).statusCode).toBe(200);

    // A new render takes the old one's place behind the share; a deleted memory takes the video away.
    const second = await publishKeepsake(id, 5000);
    const rerendered = await get(`/s/${again.token}/keepsake.mp4`);
    expect(rerendered.rawPayload.equals(second.video)).toBe(true);
    expect(rerendered.headers.etag).not.toBe(newVideo.headers.etag);
    await repository.clearKeepsakeVideo(testApp.deps.db, id);
    await expectGone(`/s/${again.token}/keepsake.mp4`);
    await expectGone(`/s/${again.token}/poster.jpg`);
  });

  it('refuses a token that names no share, however it is spelled', async () => {
    for (const url of [
      '/s/no-such-share-token-at-all/keepsake.mp4',
      '/s/no-such-share-token-at-all/poster.jpg',
      `/s/${'x'.repeat(100)}/keepsake.mp4`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error, url).toBe(messages.shareNotFound);
    }
    // Characters no token holds never reach the database: refused as a bad request or as no share.
    for (const url of ['/s/%00/keepsake.mp4', '/s/a%00b/poster.jpg', '/s/a%20b/keepsake.mp4']) {
      const response = await get(url);
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.json().error, url).toBeTruthy();
    }
  });
});
