import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeDuration, resolveMediaTools } from '#server/media/ffmpeg.ts';
import { renderVideoSegment } from '#server/modules/soul-story/render.ts';
import { NORMALISE_JOB, segmentKeyFor } from '#server/modules/soul-story/service.ts';
import { soulStories } from '#server/modules/soul-story/tables.ts';
import type { Runtime } from '#server/runtime.ts';
import { makeClip } from '#test/soul-stories.ts';
import { createTestApp, serverBeside, type TestApp } from '#test/test-app.ts';
import { type TusClient, tusClient } from '#test/tus.ts';
import { createUser } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';
import { LIVE_RENDER_GRACE_MS } from './live-segments.ts';

const exec = promisify(execFile);

/** What the join's stream copy needs equal in every segment: codecs, sizes, rates, time bases and the H.264 parameter sets. */
const segmentParameters = async (file: string) => {
  const { stdout } = await exec(resolveMediaTools({}).ffprobe, [
    '-v',
    'error',
    '-show_data',
    '-show_entries',
    'stream=codec_name,width,height,r_frame_rate,pix_fmt,sample_rate,channels,time_base,extradata',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as { streams: Record<string, unknown>[] };
};

/** Whether some process runs with `text` in its command line (an ffmpeg writing a file of that name). */
const processMentioning = async (text: string) => {
  const { stdout } = await exec('ps', ['-eo', 'args']);
  return stdout.split('\n').some((line) => line.includes(text) && !line.startsWith('ps '));
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ONE_SECOND_OF_TAKE = 3;

describe(`takes rendered as they arrive on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let tus: TusClient;
  let work: string;
  let take: Buffer;
  let wholeSegment: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    tus = await tusClient(testApp.app);
    work = await mkdtemp(path.join(tmpdir(), 'live-segments-'));
    const takeFile = path.join(work, 'take.webm');
    await makeClip(takeFile, { seconds: ONE_SECOND_OF_TAKE, size: '320x240' });
    take = await readFile(takeFile);
    wholeSegment = path.join(work, 'whole.segment.mov');
    await renderVideoSegment({
      tools: testApp.deps.mediaTools,
      input: takeFile,
      output: wholeSegment,
      title: 'The Joy',
    });
  }, 300_000);

  afterAll(async () => {
    await testApp.close();
    await rm(work, { recursive: true, force: true });
  });

  /** The take in one chunk per second of it, as a recorder sends them. */
  const chunks = () => {
    const size = Math.ceil(take.length / ONE_SECOND_OF_TAKE);
    return Array.from({ length: ONE_SECOND_OF_TAKE }, (_, index) =>
      take.subarray(index * size, (index + 1) * size),
    );
  };
  const storyOf = async (itemId: string, deps: Runtime = testApp.deps) => {
    const [story] = await deps.db.select().from(soulStories).where(eq(soulStories.id, itemId));
    return story!;
  };
  const stored = (key: string) => path.join(testApp.deps.config.mediaDir, key);
  /** The renders under way, by the name that owns their files in the temporary folder. */
  const liveRenders = async () => [
    ...new Set(
      (await readdir(testApp.deps.config.temporaryDir).catch(() => []))
        .filter((name) => name.includes('.live.segment.mov'))
        .map((name) => name.slice(0, 36)),
    ),
  ];
  /** A segment rendered as its take arrived matches the one rendered from the whole file: parameters and length. */
  const expectSameSegmentAsWhole = async (segment: string) => {
    expect(await segmentParameters(segment)).toEqual(await segmentParameters(wholeSegment));
    const tools = testApp.deps.mediaTools;
    expect(
      Math.abs((await probeDuration(tools, segment)) - (await probeDuration(tools, wholeSegment))),
    ).toBeLessThanOrEqual(0.1);
  };
  const renderStarted = () => waitFor(liveRenders, (owners) => owners.length > 0, 60_000);

  const create = async (auth: Record<string, string>) => {
    const created = await tus.create(auth, { type: 'joy', title: '' });
    expect(created.status, created.error).toBe(201);
    return created.headers.get('location')!;
  };
  /** Sends all but the last chunk a second apart, as a deferred-length upload. */
  const startTake = async (auth: Record<string, string>, location?: string, client = tus) => {
    location ??= await create(auth);
    let offset = 0;
    for (const chunk of chunks().slice(0, -1)) {
      const sent = await client.patch(auth, location, offset, chunk);
      expect(sent.status, sent.error).toBe(204);
      offset += chunk.length;
      await pause(1000);
    }
    return { location, offset };
  };
  const finishTake = async (auth: Record<string, string>, location: string, offset: number, client = tus) => {
    const final = await client.patch(auth, location, offset, chunks().at(-1)!, {
      'upload-length': String(take.length),
    });
    expect(final.status, final.error).toBe(204);
    return final.headers.get('upload-item-id')!;
  };

  it('renders a take fed in one-second chunks into the same segment as from the whole file, handed over moments after the last PATCH, with the normalise job held back as the fallback', async () => {
    const pilgrim = await createUser(testApp);
    const { location, offset } = await startTake(pilgrim.headers);
    expect(await renderStarted()).toHaveLength(1);
    const finishedAt = Date.now();
    const itemId = await finishTake(pilgrim.headers, location, offset);

    // The last PATCH is answered with the memory saved, its segment still on the way.
    const story = await waitFor(
      () => storyOf(itemId),
      (saved) => saved.segmentStatus === 'ready',
      60_000,
    );
    expect(story.segmentKey).toBe(segmentKeyFor(story.mediaKey));
    await expectSameSegmentAsWhole(stored(story.segmentKey!));
    await waitFor(liveRenders, (names) => names.length === 0);

    // The normalise job waits out the render's grace before it would look, and so has not run.
    const [job] = await testApp.deps.queue.boss.findJobs(NORMALISE_JOB, { data: { storyId: itemId } });
    expect(job?.state).toBe('created');
    expect(job!.startAfter.getTime()).toBeGreaterThanOrEqual(finishedAt + LIVE_RENDER_GRACE_MS - 1000);
  }, 300_000);

  it('ends the render and removes its files when the take is discarded mid-upload', async () => {
    const pilgrim = await createUser(testApp);
    const { location } = await startTake(pilgrim.headers);
    const [owner] = await renderStarted();
    await waitFor(
      () => processMentioning(owner!),
      (running) => running,
    );

    expect((await tus.terminate(pilgrim.headers, location)).status).toBe(204);
    await waitFor(liveRenders, (names) => names.length === 0);
    await waitFor(
      () => processMentioning(owner!),
      (running) => !running,
    );
  }, 300_000);

  it('replaces a take whose segment is rendering: the new take’s render is used and the old one’s is left out', async () => {
    const pilgrim = await createUser(testApp);
    const first = await startTake(pilgrim.headers);
    expect(await renderStarted()).toHaveLength(1);
    // A new take of the same prompt: the first one's render is no longer wanted.
    const secondLocation = await create(pilgrim.headers);
    await waitFor(liveRenders, (names) => names.length === 0);
    const second = await startTake(pilgrim.headers, secondLocation);

    // The first take is saved after all (its segment now rendered by the job), then the second replaces it.
    const memoryId = await finishTake(pilgrim.headers, first.location, first.offset);
    const firstMedia = (await storyOf(memoryId)).mediaKey;
    expect(await finishTake(pilgrim.headers, second.location, second.offset)).toBe(memoryId);
    // Ready at once from its render, or (on a machine too busy for it to keep pace) from the job.
    const replaced = await waitFor(
      () => storyOf(memoryId),
      (story) => story.segmentStatus === 'ready',
      120_000,
    );
    expect(replaced.mediaKey).not.toBe(firstMedia);
    expect(replaced.segmentKey).toBe(segmentKeyFor(replaced.mediaKey));

    await waitFor(
      () =>
        testApp.deps.queue.boss.findJobs(NORMALISE_JOB, {
          data: { storyId: memoryId, mediaKey: firstMedia },
        }),
      (jobs) => jobs[0]?.state === 'completed',
      120_000,
    );
    const folder = path.dirname(stored(firstMedia));
    // The keepsake's cards may be made ahead in the same folder meanwhile.
    const memoryFiles = (await readdir(folder)).filter((name) => !name.includes('-card-'));
    expect(memoryFiles.sort()).toEqual(
      [path.basename(replaced.mediaKey), path.basename(replaced.segmentKey!)].sort(),
    );
  }, 300_000);

  it('lets one request at a time write an upload, even through two servers: the other is refused and no byte is lost or doubled', async () => {
    const pilgrim = await createUser(testApp);
    // On PostgreSQL a second server on the same database and data folder; PGlite is one process (decision 001).
    const other =
      process.env.TEST_DB === 'postgres' ? await serverBeside(testApp, { runsWorkers: false }) : undefined;
    try {
      const otherTus = other ? await tusClient(other.app) : tus;
      const created = await tus.create(pilgrim.headers, { type: 'call', title: '' }, take.length);
      const location = created.headers.get('location')!;
      const [head, body] = [take.subarray(0, 1000), take.subarray(1000, 60_000)];
      expect((await tus.patch(pilgrim.headers, location, 0, head)).status).toBe(204);

      // One client trickles the next bytes over a second; another sends the same bytes at once meanwhile.
      const trickled = fetch(new URL(location, tus.base), {
        method: 'PATCH',
        headers: {
          ...pilgrim.headers,
          'tus-resumable': '1.0.0',
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(head.length),
          'content-length': String(body.length),
        },
        body: new ReadableStream({
          async start(controller) {
            for (let sent = 0; sent < body.length; sent += 6000) {
              controller.enqueue(new Uint8Array(body.subarray(sent, sent + 6000)));
              await pause(100);
            }
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit).then(
        (response) => response.status,
        () => 0,
      );
      await pause(300);
      const direct = await otherTus.patch(pilgrim.headers, location, head.length, body);
      const statuses = [await trickled, direct.status];
      expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(1);
      for (const status of statuses) expect([204, 400, 409, 423, 0]).toContain(status);

      // Whatever was kept is a true prefix of the take: the rest completes it byte for byte.
      const offset = Number((await tus.head(pilgrim.headers, location)).headers.get('upload-offset'));
      expect(offset).toBeGreaterThanOrEqual(head.length);
      const final = await tus.patch(pilgrim.headers, location, offset, take.subarray(offset));
      expect(final.status, final.error).toBe(204);
      const story = await storyOf(final.headers.get('upload-item-id')!);
      const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
      expect(digest(await readFile(stored(story.mediaKey)))).toBe(digest(take));
    } finally {
      await other?.close();
    }
  }, 300_000);

  it('starts the render again from the first byte after a restart mid-upload, and still makes the right segment', async () => {
    const pilgrim = await createUser(testApp);
    const { location, offset } = await startTake(pilgrim.headers);
    await testApp.app.close();
    const restarted = await serverBeside(testApp);
    try {
      const client = await tusClient(restarted.app);
      // The first PATCH after the restart starts the render from byte 0 of what is there.
      const [, , last] = chunks();
      const middle = take.subarray(offset, offset + Math.floor(last!.length / 2));
      expect((await client.patch(pilgrim.headers, location, offset, middle)).status).toBe(204);
      await pause(500);
      const final = await client.patch(
        pilgrim.headers,
        location,
        offset + middle.length,
        take.subarray(offset + middle.length),
        {
          'upload-length': String(take.length),
        },
      );
      expect(final.status, final.error).toBe(204);
      const story = await waitFor(
        () => storyOf(final.headers.get('upload-item-id')!, restarted.deps),
        (saved) => saved.segmentStatus === 'ready',
        120_000,
      );
      await expectSameSegmentAsWhole(stored(story.segmentKey!));
    } finally {
      await restarted.close();
    }
  }, 300_000);
});
