import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConcatenatedResponse,
  soulStoryMessages as messages,
  type SharedKeepsake,
} from '#contract/soul-story.ts';
import { sampleOf } from '#test/metrics.ts';
import {
  ffprobeChapters,
  ffprobeJson,
  listFiles,
  makeTestMedia,
  type StoryClient,
  storyClient,
} from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { newUserDetails, signUp } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';
import { findKeepsake } from './repository.ts';

const TEST_TIMEOUT_MS = 240_000;
/** How long ffmpeg may take to render in the background while other test files share the 2 cores. */
const RENDER_WAIT_MS = 150_000;
const FRAME_SECONDS = 1 / 30;

/** Captions for a take of one second. */
const vtt = (words: string) => `WEBVTT\n\n00:00.100 --> 00:00.900\n${words}\n`;

describe(`the keepsake with its captions drawn on the picture, on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let files: Record<string, Buffer>;
  let upload: StoryClient['upload'];
  let get: StoryClient['get'];

  beforeAll(async () => {
    const webDist = await mkdtemp(path.join(tmpdir(), 'captioned-keepsake-web-'));
    await writeFile(
      path.join(webDist, 'index.html'),
      '<html><head><title>Pilgrim Soul</title></head><body></body></html>',
    );
    testApp = await createTestApp({ WEB_DIST_DIR: webDist });
    files = await makeTestMedia();
    ({ upload, get } = storyClient(testApp));
  }, 300_000);

  afterAll(() => testApp.close());

  it(
    'is drawn on request, as long as the keepsake and without a subtitle track, shared, drawn again for a new keepsake, gone with the account',
    async () => {
      const pilgrim = await signUp(testApp, newUserDetails());
      const auth = pilgrim.headers;
      const { userId } = (await testApp.deps.tokens.verify(pilgrim.access))!;
      const fileOf = (key: string) => path.join(testApp.deps.config.mediaDir, key);
      const keepsake = async () =>
        (await get('/api/soulstory/concatenated/', auth)).json() as ConcatenatedResponse;
      const askForCaptioned = () =>
        testApp.app.inject({ method: 'POST', url: '/api/soulstory/concatenated/captioned/', headers: auth });
      const putCaptions = (id: string, words: string) =>
        testApp.app.inject({
          method: 'PUT',
          url: `/api/soulstory/${id}/captions/`,
          headers: auth,
          payload: { language: 'en', vtt: vtt(words) },
        });
      const captionedRenders = async () =>
        sampleOf(await testApp.deps.metrics.registry.metrics(), 'pilgrim_render_duration_seconds_count', {
          kind: 'captioned',
        }) ?? 0;
      const captionedFiles = async () =>
        (await listFiles(fileOf(`soul-stories/${userId}`))).filter((file) => file.endsWith('.captioned.mp4'));

      const noKeepsake = await askForCaptioned();
      expect(noKeepsake.statusCode).toBe(409);
      expect(noKeepsake.json().error).toBe(messages.captionedNotReady);

      const ids: string[] = [];
      for (const type of ['call', 'suffering', 'joy', 'what_found_you'])
        ids.push((await upload(auth, { type }, { content: files['a.webm']! })).json().id);
      await waitFor(keepsake, (state) => state.status === 'ready', RENDER_WAIT_MS);
      const uncaptioned = await askForCaptioned();
      expect(uncaptioned.statusCode).toBe(409);
      expect(uncaptioned.json().error).toBe(messages.captionedNoCaptions);

      expect((await putCaptions(ids[0]!, 'Buen Camino')).statusCode).toBe(200);
      const withCaptions = await waitFor(
        keepsake,
        (state) => state.status === 'ready' && state.captions_url !== null,
        RENDER_WAIT_MS,
      );
      expect(withCaptions.captioned_video_url).toBeNull();

      // Asked twice before it is drawn: one render.
      const rendersBefore = await captionedRenders();
      const asked = await askForCaptioned();
      expect(asked.statusCode).toBe(202);
      expect(asked.json()).toEqual({ status: 'queued' });
      expect((await askForCaptioned()).statusCode).toBe(202);
      const drawn = await waitFor(keepsake, (state) => state.captioned_video_url !== null, RENDER_WAIT_MS);
      expect(drawn.captioned_video_url).toMatch(/\.captioned\.mp4(\?|$)/);
      expect((await askForCaptioned()).json()).toEqual({ status: 'ready' });
      expect(await captionedRenders()).toBe(rendersBefore + 1);

      // As long as the keepsake, its sound kept, no subtitle track, ready to play before it is all loaded.
      const shown = (await findKeepsake(testApp.deps.db, userId))!;
      expect(shown.captionedVersion).toBe(shown.renderedVersion);
      const [original, captioned] = await Promise.all([
        ffprobeJson(fileOf(shown.videoKey!)),
        ffprobeJson(fileOf(shown.captionedVideoKey!)),
      ]);
      expect(Math.abs(Number(captioned.format.duration) - Number(original.format.duration))).toBeLessThan(
        2 * FRAME_SECONDS,
      );
      const streamsOf = (probed: typeof original, type: string) =>
        probed.streams.filter((stream) => stream.codec_type === type);
      expect(streamsOf(original, 'subtitle')).toHaveLength(1);
      expect(streamsOf(captioned, 'subtitle')).toEqual([]);
      expect(streamsOf(captioned, 'video')).toMatchObject([{ codec_name: 'h264', width: 1280, height: 720 }]);
      expect(streamsOf(captioned, 'audio')).toMatchObject([{ codec_name: 'aac' }]);
      expect(await ffprobeChapters(fileOf(shown.captionedVideoKey!))).toEqual(
        await ffprobeChapters(fileOf(shown.videoKey!)),
      );
      const bytes = await readFile(fileOf(shown.captionedVideoKey!));
      expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
      const download = await get(drawn.captioned_video_url!);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('video/mp4');

      // Shared: through the share's own path, with Range.
      const { token } = (
        await testApp.app.inject({ method: 'POST', url: '/api/soulstory/share/', headers: auth })
      ).json();
      const view = (await get(`/api/soulstory/shared/${token}/`)).json() as SharedKeepsake;
      expect(view.captioned_video_url).toBe(`/s/${token}/keepsake-captioned.mp4`);
      const sharedVideo = await get(view.captioned_video_url!);
      expect(sharedVideo.statusCode).toBe(200);
      expect(sharedVideo.headers['content-type']).toBe('video/mp4');
      expect(sharedVideo.rawPayload.equals(bytes)).toBe(true);
      const part = await get(view.captioned_video_url!, { range: 'bytes=0-99' });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.length).toBe(100);

      // New words: the new keepsake is drawn again without asking, and the old drawing goes.
      expect((await putCaptions(ids[1]!, '¡Ultreia!')).statusCode).toBe(200);
      const redrawn = await waitFor(
        keepsake,
        (state) =>
          state.status === 'ready' &&
          state.captioned_video_url !== null &&
          state.captioned_video_url !== drawn.captioned_video_url,
        RENDER_WAIT_MS,
      );
      expect(redrawn.captions_url).not.toBe(withCaptions.captions_url);
      expect(await captionedRenders()).toBe(rendersBefore + 2);
      expect(await captionedFiles()).toHaveLength(1);
      expect((await get(drawn.captioned_video_url!)).statusCode).toBe(404);
      expect((await get(view.captioned_video_url!)).statusCode).toBe(200);

      const revoked = await testApp.app.inject({
        method: 'DELETE',
        url: '/api/soulstory/share/',
        headers: auth,
      });
      expect(revoked.statusCode).toBe(200);
      const afterRevoke = await get(view.captioned_video_url!);
      expect(afterRevoke.statusCode).toBe(404);
      expect(afterRevoke.json().error).toBe(messages.shareNotFound);

      const gone = await testApp.app.inject({
        method: 'DELETE',
        url: '/api/account/',
        headers: auth,
        payload: { password: pilgrim.password },
      });
      expect(gone.statusCode).toBeLessThan(300);
      expect(await captionedFiles()).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
