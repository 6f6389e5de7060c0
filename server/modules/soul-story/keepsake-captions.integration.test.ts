import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webvtt from 'webvtt-parser';
import type { ConcatenatedResponse, SharedKeepsake } from '#contract/soul-story.ts';
import {
  ffmpeg,
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

const KEEPSAKE_TIMEOUT_MS = 180_000;
/** How long ffmpeg may take to render in the background while other test files share the 2 cores. */
const RENDER_WAIT_MS = 150_000;

/** Captions for a take of one second: two cues, the last ending with it. */
const vtt = 'WEBVTT\n\n1\n00:00.000 --> 00:00.500\nBuen Camino\n\n2\n00:00.500 --> 00:01.000\n¡Ultreia!\n';

/** The cues of a WebVTT file, checked valid by the W3C's parser. */
const cuesOf = (file: string) => {
  const parsed = new webvtt.WebVTTParser().parse(file);
  expect(parsed.errors).toEqual([]);
  return parsed.cues.map(({ startTime, endTime, text }) => ({ startTime, endTime, text }));
};

/**
 * Where each take's clip starts in a keepsake of four one-second takes: after the opening card (4 s),
 * the segments before it (a 2 s title card and the clip, 3 s each) and its own title card.
 */
const clipStart = (position: number) => 4 + 3 * position + 2;

describe(`the keepsake’s captions on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let files: Record<string, Buffer>;
  let upload: StoryClient['upload'];
  let get: StoryClient['get'];
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'keepsake-captions-'));
    const webDist = await mkdtemp(path.join(tmpdir(), 'soul-story-web-'));
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
    'carries every take’s words: a tagged mov_text track and one shifted WebVTT file, shared while the keepsake is, joined again when they change, gone with the account',
    async () => {
      const pilgrim = await signUp(testApp, newUserDetails());
      const auth = pilgrim.headers;
      const { userId } = (await testApp.deps.tokens.verify(pilgrim.access))!;
      const fileOf = (key: string) => path.join(testApp.deps.config.mediaDir, key);
      const keepsake = async () =>
        (await get('/api/soulstory/concatenated/', auth)).json() as ConcatenatedResponse;
      const putCaptions = (id: string, language: string, captions = vtt) =>
        testApp.app.inject({
          method: 'PUT',
          url: `/api/soulstory/${id}/captions/`,
          headers: auth,
          payload: { language, vtt: captions },
        });

      const ids: string[] = [];
      for (const type of ['call', 'suffering', 'joy'])
        ids.push((await upload(auth, { type }, { content: files['a.webm']! })).json().id);
      // Two takes in Spanish, one in English, the last without captions.
      expect((await putCaptions(ids[0]!, 'es')).statusCode).toBe(200);
      expect((await putCaptions(ids[1]!, 'en')).statusCode).toBe(200);
      expect((await putCaptions(ids[2]!, 'es')).statusCode).toBe(200);
      expect((await keepsake()).captions_url).toBeNull();
      ids.push((await upload(auth, { type: 'what_found_you' }, { content: files['a.webm']! })).json().id);
      const ready = await waitFor(keepsake, (state) => state.status === 'ready', RENDER_WAIT_MS);
      expect(ready.captions_url).toMatch(/\.vtt(\?|$)/);
      expect(ready.captioned_video_url).toBeNull();

      // The track: text, tagged with the language most takes are in, cues where each take plays.
      const shown = (await findKeepsake(testApp.deps.db, userId))!;
      const video = fileOf(shown.videoKey!);
      const subtitles = (await ffprobeJson(video)).streams.filter(
        (stream) => stream.codec_type === 'subtitle',
      );
      expect(subtitles.map((stream) => [stream.codec_name, stream.tags?.language])).toEqual([
        ['mov_text', 'spa'],
      ]);
      expect(shown.captionsLanguage).toBe('es');
      const expected = [0, 1, 2].flatMap((position) => [
        { start: clipStart(position), end: clipStart(position) + 0.5, text: 'Buen Camino' },
        { start: clipStart(position) + 0.5, end: clipStart(position) + 1, text: '¡Ultreia!' },
      ]);
      const expectCues = (cues: ReturnType<typeof cuesOf>, wanted: typeof expected) => {
        expect(cues.map((cue) => cue.text)).toEqual(wanted.map((cue) => cue.text));
        for (const [index, cue] of cues.entries()) {
          expect(cue.startTime).toBeCloseTo(wanted[index]!.start, 2);
          expect(cue.endTime).toBeCloseTo(wanted[index]!.end, 2);
        }
      };
      const track = path.join(work, 'track.vtt');
      await ffmpeg(['-i', video, '-map', '0:s:0', '-f', 'webvtt', track]);
      expectCues(cuesOf(await readFile(track, 'utf8')), expected);

      // The file beside the video: the same cues.
      const captions = await get(ready.captions_url!);
      expect(captions.statusCode).toBe(200);
      expect(captions.headers['content-type']).toBe('text/vtt; charset=utf-8');
      expectCues(cuesOf(captions.body), expected);

      // Shared: the share's own path, the language for <track srclang>, and og:video for previews.
      const { token } = (
        await testApp.app.inject({ method: 'POST', url: '/api/soulstory/share/', headers: auth })
      ).json();
      const view = (await get(`/api/soulstory/shared/${token}/`)).json() as SharedKeepsake;
      expect(view).toMatchObject({
        captions_url: `/s/${token}/captions.vtt`,
        captions_language: 'es',
        captioned_video_url: null,
      });
      const sharedCaptions = await get(view.captions_url!);
      expect(sharedCaptions.statusCode).toBe(200);
      expect(sharedCaptions.headers['content-type']).toBe('text/vtt; charset=utf-8');
      expect(sharedCaptions.headers['cache-control']).toBe('private, no-cache');
      expect(sharedCaptions.body).toBe(captions.body);
      const page = (await get(`/s/${token}`)).body;
      expect(page).toContain(
        `<meta property="og:video" content="http://localhost:3000/s/${token}/keepsake.mp4">`,
      );
      expect(page).toContain('<meta property="og:video:width" content="1280">');
      expect(page).toContain('<meta property="og:video:height" content="720">');

      // New words on the last take: the keepsake is joined again with them; the old file goes.
      expect(
        (await putCaptions(ids[3]!, 'es', 'WEBVTT\n\n00:00.250 --> 00:00.750\nGracias\n')).statusCode,
      ).toBe(200);
      expect((await keepsake()).status).toBe('rendering');
      const rejoined = await waitFor(keepsake, (state) => state.status === 'ready', RENDER_WAIT_MS);
      expect(rejoined.captions_url).not.toBe(ready.captions_url);
      expectCues(cuesOf((await get(rejoined.captions_url!)).body), [
        ...expected,
        { start: clipStart(3) + 0.25, end: clipStart(3) + 0.75, text: 'Gracias' },
      ]);
      await waitFor(
        async () => (await get(ready.captions_url!)).statusCode,
        (status) => status === 404,
        RENDER_WAIT_MS,
      );
      expect((await get(view.captions_url!)).body).toContain('Gracias');

      const revoked = await testApp.app.inject({
        method: 'DELETE',
        url: '/api/soulstory/share/',
        headers: auth,
      });
      expect(revoked.statusCode).toBe(200);
      expect((await get(view.captions_url!)).statusCode).toBe(404);

      const keepsakeCaptions = () =>
        listFiles(fileOf(`soul-stories/${userId}`)).then((found) =>
          found.filter((file) => /keepsake-\d+\.vtt$/.test(file)),
        );
      expect(await keepsakeCaptions()).toHaveLength(1);
      const gone = await testApp.app.inject({
        method: 'DELETE',
        url: '/api/account/',
        headers: auth,
        payload: { password: pilgrim.password },
      });
      expect(gone.statusCode).toBeLessThan(300);
      expect(await keepsakeCaptions()).toEqual([]);
    },
    KEEPSAKE_TIMEOUT_MS,
  );
});
