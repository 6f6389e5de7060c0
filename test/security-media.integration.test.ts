import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soulStoryMessages as messages } from '#contract/soul-story.ts';
import { soulStories } from '#server/modules/soul-story/tables.ts';
import { ffmpeg, makeClip, storyClient } from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { type TusClient, tusClient } from '#test/tus.ts';
import { createUser, signUp } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';

const RENDER_CONCURRENCY = 2;
const LIVE_RENDER_LIMIT = 2;

/** The ffmpeg processes this test's app runs now (its renders are children of this process, by /proc). */
const runningFfmpeg = async () => {
  let count = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (name === 'ffmpeg' && Number(parent) === process.pid && state !== 'Z') count += 1;
  }
  return count;
};

/** Counts the app's ffmpeg processes every few milliseconds until stopped; answers the most seen at once. */
const watchFfmpeg = () => {
  let most = 0;
  let watching = true;
  const done = (async () => {
    while (watching) {
      most = Math.max(most, await runningFfmpeg());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async () => {
    watching = false;
    await done;
    return most;
  };
};

/** A PNG that says it is 30000 × 30000 pixels (900 megapixels) in a few kilobytes: the header is what is judged. */
const hugePng = () => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** Makes the WebM header's Duration (milliseconds, a 64-bit float) claim `seconds`. */
const claimDuration = (webm: Buffer, seconds: number) => {
  const at = webm.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (at === -1) throw new Error('no 8-byte Duration in this WebM header');
  const claimed = Buffer.from(webm);
  claimed.writeDoubleBE(seconds * 1000, at + 3);
  return claimed;
};

describe(`what a render may cost, on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let tus: TusClient;
  const media: Record<string, Buffer> = {};

  beforeAll(async () => {
    testApp = await createTestApp({
      RENDER_CONCURRENCY: String(RENDER_CONCURRENCY),
      LIVE_RENDER_LIMIT: String(LIVE_RENDER_LIMIT),
    });
    tus = await tusClient(testApp.app);
    const work = await mkdtemp(path.join(tmpdir(), 'security-media-'));
    const file = (name: string) => path.join(work, name);
    try {
      const twoFrames = ['-f', 'lavfi', '-i', 'color=c=gray:s=64x36:r=1'];
      const vp8 = ['-an', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8'];
      await Promise.all([
        // Two frames 16000 px wide (16 high, so the test stays cheap), as a recorder writes them.
        ffmpeg([
          ...['-f', 'lavfi', '-i', 'color=c=gray:s=16000x16:r=1', '-frames:v', '2'],
          ...[...vp8, '-live', '1', file('wide.webm')],
        ]),
        // Two frames 700 s apart: the packets hold over ten minutes, whatever the header says.
        ffmpeg([
          ...twoFrames,
          '-vf',
          'setpts=PTS*700',
          '-frames:v',
          '2',
          '-vsync',
          '0',
          ...vp8,
          file('held.webm'),
        ]),
        ffmpeg([
          ...[...twoFrames, '-vf', 'setpts=PTS*700', '-frames:v', '2', '-vsync', '0'],
          ...[...vp8, '-live', '1', file('unclaimed.webm')],
        ]),
        makeClip(file('slow.webm'), { seconds: 60, size: '640x360' }),
        makeClip(file('take.webm'), { seconds: 3, size: '320x180', live: true }),
      ]);
      for (const name of ['wide.webm', 'held.webm', 'unclaimed.webm', 'slow.webm', 'take.webm'])
        media[name] = await readFile(file(name));
      media['claims-less.webm'] = claimDuration(media['held.webm']!, 30);
      media['huge.png'] = hugePng();
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 300_000);

  afterAll(async () => {
    await testApp?.close();
  });

  const upload = (auth: Record<string, string>, type: string, name: string, title = '') =>
    storyClient(testApp).upload(auth, { type, title }, { content: media[name]!, filename: name });
  const memoriesOf = (userId: string) =>
    testApp.deps.db.select().from(soulStories).where(eq(soulStories.userId, userId));

  /** A tus upload sent in `parts` PATCHes (the length given with the last), as a recorder sends a take. */
  const sendByTus = async (auth: Record<string, string>, name: string, parts: number, pauseMs = 0) => {
    const bytes = media[name]!;
    const created = await tus.create(auth, { type: 'call', title: '' });
    expect(created.status, created.error).toBe(201);
    const location = created.headers.get('location')!;
    const size = Math.ceil(bytes.length / parts);
    let answer: Awaited<ReturnType<TusClient['patch']>> | undefined;
    for (let offset = 0; offset < bytes.length; offset += size) {
      const last = offset + size >= bytes.length;
      answer = await tus.patch(
        auth,
        location,
        offset,
        bytes.subarray(offset, offset + size),
        last ? { 'upload-length': String(bytes.length) } : {},
      );
      if (!last) {
        expect(answer.status, answer.error).toBe(204);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
    return answer!;
  };

  it('refuses a video 16000 px wide through the form and through tus, before any ffmpeg starts', async () => {
    const pilgrim = await createUser(testApp);
    const stop = watchFfmpeg();

    const byForm = await upload(pilgrim.headers, 'call', 'wide.webm');
    expect(byForm.statusCode).toBe(400);
    expect(byForm.json().error).toBe(messages.videoTooWide);
    // The first PATCH alone is a stream whose header is known: the live render looks at it, and declines.
    const byTus = await sendByTus(pilgrim.headers, 'wide.webm', 2, 500);
    expect(byTus.status).toBe(400);
    expect(byTus.error).toBe(messages.videoTooWide);

    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await stop()).toBe(0);
    expect(await memoriesOf(pilgrim.id)).toEqual([]);
  });

  it('refuses a photo of 30000 × 30000 pixels from its header', async () => {
    const pilgrim = await createUser(testApp);
    const refused = await upload(pilgrim.headers, 'photo', 'huge.png', 'The whole meseta');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(messages.photoTooManyPixels);
    expect(await memoriesOf(pilgrim.id)).toEqual([]);
  });

  it('refuses a video whose packets run past ten minutes while its header claims less, or nothing', async () => {
    const pilgrim = await createUser(testApp);
    const stop = watchFfmpeg();
    for (const name of ['claims-less.webm', 'unclaimed.webm']) {
      const refused = await upload(pilgrim.headers, 'call', name);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().error).toBe(messages.videoTooLong);
    }
    const byTus = await sendByTus(pilgrim.headers, 'unclaimed.webm', 1);
    expect(byTus.status).toBe(400);
    expect(byTus.error).toBe(messages.videoTooLong);
    expect(await stop()).toBe(0);
    expect(await memoriesOf(pilgrim.id)).toEqual([]);
  });

  it('stops a memory’s render within a second of its deletion', async () => {
    const pilgrim = await createUser(testApp);
    const saved = await upload(pilgrim.headers, 'joy', 'slow.webm');
    expect(saved.statusCode).toBe(201);
    // The normalise job (the app's own worker) starts its ffmpeg.
    await waitFor(runningFfmpeg, (running) => running === 1, 60_000);

    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/soulstory/${saved.json().id}/delete/`,
      headers: pilgrim.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const deletedAt = Date.now();
    await waitFor(runningFfmpeg, (running) => running === 0, 1000);
    expect(Date.now() - deletedAt).toBeLessThan(1000);
  }, 180_000);

  it('stops the renders of an account’s memories within a second of its deletion', async () => {
    const pilgrim = await signUp(testApp);
    const saved = await upload(pilgrim.headers, 'joy', 'slow.webm');
    expect(saved.statusCode).toBe(201);
    await waitFor(runningFfmpeg, (running) => running === 1, 60_000);

    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/account/',
      headers: pilgrim.headers,
      payload: { password: pilgrim.password },
    });
    expect(deleted.statusCode).toBe(200);
    const deletedAt = Date.now();
    await waitFor(runningFfmpeg, (running) => running === 0, 1000);
    expect(Date.now() - deletedAt).toBeLessThan(1000);
  }, 180_000);

  it(`runs at most LIVE_RENDER_LIMIT (${LIVE_RENDER_LIMIT}) live and RENDER_CONCURRENCY (${RENDER_CONCURRENCY}) queued ffmpeg at once for eight takes arriving together, and finishes them all`, async () => {
    const pilgrims = await Promise.all(Array.from({ length: 8 }, () => createUser(testApp)));
    const stop = watchFfmpeg();
    // Two takes are rendered as they arrive; the six that find no live place go to the queue, two at a time.
    const answers = await Promise.all(
      pilgrims.map((pilgrim) => sendByTus(pilgrim.headers, 'take.webm', 3, 300)),
    );
    for (const answer of answers) expect(answer.status, answer.error).toBe(204);
    for (const pilgrim of pilgrims)
      await waitFor(
        () => memoriesOf(pilgrim.id),
        (memories) => memories[0]?.segmentStatus === 'ready',
        240_000,
      );
    const most = await stop();
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(LIVE_RENDER_LIMIT + RENDER_CONCURRENCY);
  }, 400_000);

  it('renders a saved take at once while abandoned recordings fill every live place', async () => {
    const recorders = await Promise.all(
      Array.from({ length: LIVE_RENDER_LIMIT + 1 }, () => createUser(testApp)),
    );
    const take = media['take.webm']!;
    // Recordings whose tabs closed after the first chunk: their live renders wait for bytes that never come.
    for (const recorder of recorders) {
      const created = await tus.create(recorder.headers, { type: 'call', title: '' });
      expect(created.status, created.error).toBe(201);
      const first = await tus.patch(
        recorder.headers,
        created.headers.get('location')!,
        0,
        take.subarray(0, Math.ceil(take.length / 3)),
      );
      expect(first.status, first.error).toBe(204);
    }
    await waitFor(runningFfmpeg, (running) => running === LIVE_RENDER_LIMIT, 30_000);

    const pilgrim = await createUser(testApp);
    const saved = await upload(pilgrim.headers, 'joy', 'take.webm');
    expect(saved.statusCode).toBe(201);
    await waitFor(
      () => memoriesOf(pilgrim.id),
      (memories) => memories[0]?.segmentStatus === 'ready',
      60_000,
    );
    // The abandoned recordings still hold their live places: the take did not wait for them.
    expect(await runningFfmpeg()).toBe(LIVE_RENDER_LIMIT);
  }, 180_000);
});
