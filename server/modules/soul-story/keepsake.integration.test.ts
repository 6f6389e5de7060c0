import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soulStoryMessages as messages } from '#contract/soul-story.ts';
import { updateUserDetails } from '#server/identity/users.ts';
import {
  ffprobeChapters,
  ffprobeJson,
  ffprobeTag,
  listFiles,
  makeTestMedia,
  type StoryClient,
  storyClient,
} from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createUser } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';
import * as repository from './repository.ts';
import { JOIN_JOB, keepsakeKeysFor, NORMALISE_JOB, RENDER_FAILED_JOB, segmentKeyFor } from './service.ts';
import { soulStories, soulStoryKeepsakes } from './tables.ts';

const KEEPSAKE_TIMEOUT_MS = 180_000;
/** How long ffmpeg may take to render in the background while other test files share the 2 cores. */
const RENDER_WAIT_MS = 150_000;

describe(`the keepsake on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let files: Record<string, Buffer>;
  let upload: StoryClient['upload'];
  let get: StoryClient['get'];

  beforeAll(async () => {
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
    'renders the keepsake once all four prompts are taken, re-renders after a reorder, and shares it publicly',
    async () => {
      const { id, headers: auth } = await createUser(testApp, { firstName: 'Santiago' });
      const waiting = (await get('/api/soulstory/concatenated/', auth)).json();
      expect(waiting).toMatchObject({
        video_url: null,
        status: 'waiting_for_prompts',
        progress: 0,
        share_url: null,
      });
      expect(
        (await testApp.app.inject({ method: 'POST', url: '/api/soulstory/share/', headers: auth }))
          .statusCode,
      ).toBe(409);

      const photo = (
        await upload(auth, { type: 'photo', title: 'Cathedral' }, { content: files['a.jpg']! })
      ).json();
      for (const type of ['call', 'suffering', 'joy'])
        await upload(auth, { type }, { content: files['a.webm']! });
      expect((await get('/api/soulstory/concatenated/', auth)).json()).toMatchObject({
        status: 'waiting_for_prompts',
        progress: 75,
      });
      await upload(auth, { type: 'what_found_you' }, { content: files['a.mp4']!, filename: 'a.mp4' });
      const rendering = (await get('/api/soulstory/concatenated/', auth)).json();
      expect(rendering.status).toBe('rendering');
      expect(rendering.progress).toBeGreaterThanOrEqual(0);
      expect(rendering.progress).toBeLessThan(100);

      const ready = await waitFor(
        async () => (await get('/api/soulstory/concatenated/', auth)).json(),
        (state) => state.status === 'ready',
        RENDER_WAIT_MS,
      );
      expect(ready.video_url).toMatch(/\.mp4$/);
      expect(ready.poster_url).toMatch(/\.jpg$/);
      expect(ready.progress).toBe(100);
      const video = await get(ready.video_url);
      expect(video.statusCode).toBe(200);
      expect(video.headers['content-type']).toBe('video/mp4');
      const titles = (await get('/api/notifications/', auth))
        .json()
        .map((item: { title: string }) => item.title);
      expect(titles).toContain('Your Soul Story is ready');

      const ids = (await get('/api/soulstories/', auth)).json().map((item: { id: string }) => item.id);
      const moved = [...ids.filter((storyId: string) => storyId !== photo.id), photo.id];
      await testApp.app.inject({
        method: 'POST',
        url: '/api/soulstories/reorder/',
        headers: auth,
        payload: { story_ids: moved },
      });
      const rerendering = (await get('/api/soulstory/concatenated/', auth)).json();
      expect(rerendering.status).toBe('rendering');
      expect(rerendering.video_url).toBe(ready.video_url);
      const reordered = await waitFor(
        async () => (await get('/api/soulstory/concatenated/', auth)).json(),
        (state) => state.status === 'ready',
        RENDER_WAIT_MS,
      );
      expect(reordered.video_url).not.toBe(ready.video_url);
      // The replaced files are removed just after the new keepsake is published.
      await waitFor(
        async () => (await get(ready.video_url)).statusCode,
        (status) => status === 404,
        RENDER_WAIT_MS,
      );

      const shared = await testApp.app.inject({
        method: 'POST',
        url: '/api/soulstory/share/',
        headers: auth,
      });
      expect(shared.statusCode).toBe(200);
      const { share_url, token } = shared.json();
      expect(share_url).toBe(`http://localhost:3000/s/${token}`);
      expect(token.length).toBeGreaterThanOrEqual(24);
      expect((await get('/api/soulstory/concatenated/', auth)).json().share_url).toBe(share_url);

      const publicView = await get(`/api/soulstory/shared/${token}/`);
      expect(publicView.statusCode).toBe(200);
      expect(publicView.json()).toMatchObject({ owner_name: 'Santiago', title: 'Santiago’s Soul Story' });
      expect((await get(publicView.json().video_url, { range: 'bytes=0-9' })).statusCode).toBe(206);
      expect((await get(publicView.json().poster_url)).statusCode).toBe(200);

      const page = await get(`/s/${token}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<meta property="og:title" content="Santiago’s Soul Story">');
      expect(page.body).toContain(
        `<meta property="og:image" content="http://localhost:3000/s/${token}/poster.jpg">`,
      );
      expect(page.body).toContain(
        `<meta property="og:video" content="http://localhost:3000/s/${token}/keepsake.mp4">`,
      );
      expect(page.body).not.toContain(id);
      expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image">');

      const revoked = await testApp.app.inject({
        method: 'DELETE',
        url: '/api/soulstory/share/',
        headers: auth,
      });
      expect(revoked.json()).toEqual({ ok: true });
      const gone = await get(`/api/soulstory/shared/${token}/`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error).toBe(messages.shareNotFound);
      expect((await get(`/s/${token}`)).body).not.toContain('og:video');
      expect((await get(publicView.json().video_url)).statusCode).toBe(404);
      expect((await get('/api/soulstory/concatenated/', auth)).json().share_url).toBeNull();

      const del = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/soulstory/${photo.id}/delete/`,
        headers: auth,
      });
      expect(del.statusCode).toBe(200);
      const afterDelete = (await get('/api/soulstory/concatenated/', auth)).json();
      expect(afterDelete.video_url).toBeNull();
      await waitFor(
        async () => (await get('/api/soulstory/concatenated/', auth)).json(),
        (state) => state.status === 'ready',
        RENDER_WAIT_MS,
      );
      const rows = await testApp.deps.db.select().from(soulStories).where(eq(soulStories.userId, id));
      expect(rows.every((row) => row.segmentStatus === 'ready')).toBe(true);
    },
    KEEPSAKE_TIMEOUT_MS,
  );

  it(
    'opens on a card of the journey and closes on Buen Camino, with a chapter per segment; a changed card is rendered alone',
    async () => {
      const { id, headers: auth } = await createUser(testApp, { firstName: 'Ana' });
      const { mediaDir } = testApp.deps.config;
      const { soulStory } = testApp.deps.services;
      const fileOf = (key: string) => path.join(mediaDir, key);
      const keepsakeRow = async () =>
        (
          await testApp.deps.db.select().from(soulStoryKeepsakes).where(eq(soulStoryKeepsakes.userId, id))
        )[0]!;
      const waitForReady = () =>
        waitFor(
          async () => (await get('/api/soulstory/concatenated/', auth)).json(),
          (state) => state.status === 'ready',
          RENDER_WAIT_MS,
        );

      await upload(
        auth,
        { type: 'photo', title: 'The "yellow" arrow: 100% \\ mine' },
        { content: files['a.png']! },
      );
      for (const type of ['call', 'suffering', 'joy', 'what_found_you'])
        await upload(auth, { type }, { content: files['a.webm']! });
      const first = await waitForReady();

      const stories = await testApp.deps.db
        .select()
        .from(soulStories)
        .where(eq(soulStories.userId, id))
        .orderBy(soulStories.position);
      const before = await keepsakeRow();
      expect(await ffprobeTag(fileOf(before.openingCardKey!), 'comment')).toBe('Ana · My Soul Story');
      expect(await ffprobeTag(fileOf(before.closingCardKey!), 'comment')).toBe('Buen Camino');
      const segmentFiles = [
        before.openingCardKey!,
        ...stories.map((story) => story.segmentKey!),
        before.closingCardKey!,
      ].map(fileOf);
      const lengths = await Promise.all(
        segmentFiles.map(async (file) => Number((await ffprobeJson(file)).format.duration)),
      );
      expect(lengths[0]).toBeCloseTo(4, 3);
      expect(lengths.at(-1)).toBeCloseTo(3, 3);
      const video = fileOf(before.videoKey!);
      // Each stored file's CRC-32 is kept as it is stored, for the export to copy it without reading it twice.
      expect(before.videoCrc32).toBe(crc32(await readFile(video)));
      expect(stories.map((story) => story.mediaCrc32)).toEqual([
        crc32(files['a.png']!),
        ...Array(4).fill(crc32(files['a.webm']!)),
      ]);
      const total = lengths.reduce((sum, value) => sum + value, 0);
      expect(Math.abs(Number((await ffprobeJson(video)).format.duration) - total)).toBeLessThan(0.2);
      const chapters = await ffprobeChapters(video);
      expect(chapters.map((chapter) => chapter.title)).toEqual([
        'Ana · My Soul Story',
        ...stories.map((story) => story.title),
        'Buen Camino',
      ]);
      expect(chapters).toHaveLength(7);
      for (const [index, chapter] of chapters.entries()) {
        const segmentStart = lengths.slice(0, index).reduce((sum, value) => sum + value, 0);
        expect(Math.abs(chapter.start - segmentStart)).toBeLessThan(0.1);
      }

      // Nothing on the cards changed: the keepsake stays as it is.
      expect(await soulStory.refreshJourneyCards(id)).toBe(false);
      expect((await get('/api/soulstory/concatenated/', auth)).json()).toMatchObject({
        status: 'ready',
        video_url: first.video_url,
      });

      const memoryTimes = await Promise.all(segmentFiles.map(async (file) => (await stat(file)).mtimeMs));
      await updateUserDetails(testApp.deps.db, id, { firstName: 'Ana María' });
      expect(await soulStory.refreshJourneyCards(id)).toBe(true);
      expect((await get('/api/soulstory/concatenated/', auth)).json()).toMatchObject({
        status: 'rendering',
        video_url: first.video_url,
      });
      const second = await waitForReady();
      expect(second.video_url).not.toBe(first.video_url);
      // The replaced files are removed just after the new keepsake is published.
      await waitFor(
        async () => (await get(first.video_url)).statusCode,
        (status) => status === 404,
        RENDER_WAIT_MS,
      );

      const after = await keepsakeRow();
      expect(after.openingCardKey).not.toBe(before.openingCardKey);
      expect(await ffprobeTag(fileOf(after.openingCardKey!), 'comment')).toBe('Ana María · My Soul Story');
      expect((await ffprobeChapters(fileOf(after.videoKey!)))[0]?.title).toBe('Ana María · My Soul Story');
      // The old opening card is gone; the memories' segments and the unchanged closing card were not made again.
      await expect(stat(segmentFiles[0]!)).rejects.toThrow();
      expect(after.closingCardKey).toBe(before.closingCardKey);
      const unchanged = segmentFiles.slice(1);
      expect(await Promise.all(unchanged.map(async (file) => (await stat(file)).mtimeMs))).toEqual(
        memoryTimes.slice(1),
      );
      const rows = await testApp.deps.db.select().from(soulStories).where(eq(soulStories.userId, id));
      expect(rows.map((row) => row.segmentKey).sort()).toEqual(
        stories.map((story) => story.segmentKey).sort(),
      );
      const cardFiles = (await listFiles(path.join(mediaDir, 'soul-stories', id))).filter((file) =>
        file.includes('-card-'),
      );
      expect(cardFiles.sort()).toEqual([fileOf(after.closingCardKey!), fileOf(after.openingCardKey!)].sort());
    },
    KEEPSAKE_TIMEOUT_MS,
  );

  it(
    'makes the cards once one memory is missing, joins them as they are, and removes a card whose words changed before the keepsake was complete',
    async () => {
      const { id, headers: auth } = await createUser(testApp, { firstName: 'Santiago' });
      const { mediaDir } = testApp.deps.config;
      const { boss } = testApp.deps.queue;
      const cardFiles = async () =>
        (await listFiles(path.join(mediaDir, 'soul-stories', id))).filter((file) => file.includes('-card-'));
      const fileOf = (key: string) => path.join(mediaDir, key);

      // Two prompts still open: no card yet, since most pilgrims who begin do not finish at once.
      for (const type of ['call', 'suffering']) await upload(auth, { type }, { content: files['a.webm']! });
      await waitFor(
        () => testApp.deps.db.select().from(soulStories).where(eq(soulStories.userId, id)),
        (rows) => rows.length === 2 && rows.every((row) => row.segmentStatus === 'ready'),
        RENDER_WAIT_MS,
      );
      await expect
        .poll(async () => (await boss.findJobs(JOIN_JOB, { data: { userId: id } })).map((job) => job.state), {
          timeout: RENDER_WAIT_MS,
        })
        .toEqual(['completed', 'completed']);
      expect(await cardFiles()).toEqual([]);

      await upload(auth, { type: 'joy' }, { content: files['a.webm']! });
      const ahead = await waitFor(cardFiles, (found) => found.length === 2, RENDER_WAIT_MS);
      const closingAhead = ahead.find((file) => file.includes('closing-card-'))!;
      const closingTime = (await stat(closingAhead)).mtimeMs;
      // The opening card names the pilgrim: a new name before the last memory makes its card again.
      await updateUserDetails(testApp.deps.db, id, { firstName: 'Iago' });
      await upload(auth, { type: 'what_found_you' }, { content: files['a.webm']! });
      await waitFor(
        async () => (await get('/api/soulstory/concatenated/', auth)).json(),
        (state) => state.status === 'ready',
        RENDER_WAIT_MS,
      );

      const [keepsake] = await testApp.deps.db
        .select()
        .from(soulStoryKeepsakes)
        .where(eq(soulStoryKeepsakes.userId, id));
      expect(fileOf(keepsake!.closingCardKey!)).toBe(closingAhead);
      expect((await stat(closingAhead)).mtimeMs).toBe(closingTime);
      expect(await ffprobeTag(fileOf(keepsake!.openingCardKey!), 'comment')).toBe('Iago · My Soul Story');
      // Only the cards the keepsake shows are kept: the one made ahead for the old name is gone.
      await waitFor(cardFiles, (found) => found.length === 2, RENDER_WAIT_MS);
      expect((await cardFiles()).sort()).toEqual(
        [fileOf(keepsake!.openingCardKey!), fileOf(keepsake!.closingCardKey!)].sort(),
      );
    },
    KEEPSAKE_TIMEOUT_MS,
  );

  it(
    'marks a memory failed, not forever rendering, when its file cannot be decoded',
    async () => {
      const { id, headers: auth } = await createUser(testApp);
      const corrupt = Buffer.concat([files['a.jpg']!.subarray(0, 200), Buffer.alloc(20_000, 0x41)]);
      expect((await upload(auth, { type: 'photo', title: 'Broken' }, { content: corrupt })).statusCode).toBe(
        201,
      );
      const [row] = await waitFor(
        () => testApp.deps.db.select().from(soulStories).where(eq(soulStories.userId, id)),
        (rows) => rows[0]?.segmentStatus !== 'pending',
        RENDER_WAIT_MS,
      );
      expect(row).toMatchObject({ segmentStatus: 'failed', segmentKey: null });
    },
    KEEPSAKE_TIMEOUT_MS,
  );

  it('publishes one of two renders of the same version that finish together, so the pilgrim is told once', async () => {
    const { id } = await createUser(testApp);
    const { db } = testApp.deps;
    const { version } = await repository.bumpVersion(db, id);
    const keys = {
      ...keepsakeKeysFor(id, version),
      videoCrc32: 0,
      captionsKey: null,
      captionsLanguage: null,
    };
    const replaced = await Promise.all(
      [1, 2].map(() => db.transaction((tx) => repository.publishKeepsake(tx, id, version, keys))),
    );
    expect(replaced.filter(Boolean)).toHaveLength(1);
    expect(await repository.findKeepsake(db, id)).toMatchObject({ ...keys, renderedVersion: version });
  });
});

describe(`a render whose worker was killed, on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;

  // A web-only process: no worker runs until the test starts one, after the "dead" worker took the job.
  beforeAll(async () => {
    testApp = await createTestApp({ RUN_MODE: 'web' });
  }, 300_000);

  afterAll(() => testApp.close());

  it(
    'is failed by its missing heartbeat, retried by a live worker, and its half-written output never shows',
    async () => {
      const files = await makeTestMedia();
      const { upload } = storyClient(testApp);
      const { id, headers: auth } = await createUser(testApp);
      const item = (await upload(auth, { type: 'call' }, { content: files['a.webm']! })).json();
      const { boss } = testApp.deps.queue;

      const [taken] = await boss.fetch<{ storyId: string; mediaKey: string }>(NORMALISE_JOB);
      expect(taken?.data.storyId).toBe(item.id);
      // What a killed ffmpeg leaves behind: a partial segment in the temporary folder, owned by no live job.
      const segmentKey = segmentKeyFor(taken!.data.mediaKey);
      const { temporaryDir, mediaDir } = testApp.deps.config;
      const partial = path.join(temporaryDir, `${randomUUID()}.segment.mov.${randomUUID()}.partial`);
      await mkdir(temporaryDir, { recursive: true });
      await writeFile(partial, 'half a segment');

      await new Promise((resolve) => setTimeout(resolve, 11_000));
      await boss.supervise(NORMALISE_JOB);
      const failed = await boss.getJobById(NORMALISE_JOB, taken!.id);
      expect(failed?.state).toBe('retry');
      expect(await testApp.deps.storage.size(segmentKey)).toBeNull();

      await testApp.deps.queue.startWorkers();
      const [row] = await waitFor(
        () => testApp.deps.db.select().from(soulStories).where(eq(soulStories.userId, id)),
        (rows) => rows[0]?.segmentStatus === 'ready',
        RENDER_WAIT_MS,
      );
      expect(row!.segmentKey).toBe(segmentKey);
      expect(await testApp.deps.storage.size(segmentKey)).toBeGreaterThan(1000);
      // The segment is stored a moment before the job that made it is marked completed.
      await expect
        .poll(() => boss.getJobById(NORMALISE_JOB, taken!.id), { timeout: 30_000 })
        .toMatchObject({ state: 'completed', retryCount: 1 });
      // The join asked for once the segment was ready finds three prompts open and ends there.
      await expect
        .poll(async () => (await boss.findJobs(JOIN_JOB, { data: { userId: id } })).map((job) => job.state), {
          timeout: RENDER_WAIT_MS,
        })
        .toEqual(['completed']);
      const userFiles = await listFiles(path.join(testApp.deps.config.mediaDir, 'soul-stories', id));
      expect(userFiles.filter((file) => file.includes('.segment.mov'))).toEqual([
        path.join(mediaDir, segmentKey),
      ]);
      // The retried render removed its own files; the dead one's wait for the sweep.
      expect(await readdir(temporaryDir)).toEqual([path.basename(partial)]);
    },
    KEEPSAKE_TIMEOUT_MS,
  );
});

describe(`a join that failed, on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_MODE: 'web' });
  }, 300_000);

  afterAll(() => testApp.close());

  const failedVersionOnceGivenUp = async (userId: string) => {
    const { boss } = testApp.deps.queue;
    await expect
      .poll(
        async () => (await boss.findJobs(RENDER_FAILED_JOB, { data: { userId } })).map((job) => job.state),
        {
          timeout: 30_000,
        },
      )
      .toEqual(['completed']);
    return (await repository.findKeepsake(testApp.deps.db, userId))?.failedVersion;
  };

  it('is given up only when no other join of the pilgrim is still waiting to run', async () => {
    const { db, queue } = testApp.deps;
    const { boss } = queue;
    const [waited, alone] = await Promise.all([createUser(testApp), createUser(testApp)]);
    const versions = await Promise.all([waited, alone].map(({ id }) => repository.bumpVersion(db, id)));

    // One pilgrim's join fails with retries left while the next is retrying: the queue, one waiting
    // join per pilgrim, cannot keep both, so it fails the first outright.
    await queue.send(JOIN_JOB, { userId: waited.id }, { singletonKey: waited.id });
    const [running] = await boss.fetch(JOIN_JOB);
    const next = await queue.send(JOIN_JOB, { userId: waited.id }, { singletonKey: waited.id });
    await boss.fail(JOIN_JOB, next!);
    await boss.fail(JOIN_JOB, running!.id);
    expect(await boss.getJobById(JOIN_JOB, running!.id)).toMatchObject({ state: 'failed', retryCount: 0 });

    // The other pilgrim's join fails its last attempt with nothing after it.
    await queue.send(JOIN_JOB, { userId: alone.id }, { singletonKey: alone.id, retryLimit: 0 });
    const [last] = await boss.fetch(JOIN_JOB);
    await boss.fail(JOIN_JOB, last!.id);

    await queue.startWorkers();
    expect(await failedVersionOnceGivenUp(waited.id)).toBeNull();
    expect(await failedVersionOnceGivenUp(alone.id)).toBe(versions[1]!.version);
  });
});
