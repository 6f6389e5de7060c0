import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, watch } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { AccountExportResponse } from '#contract/account.ts';
import { promptIds } from '#contract/prompts.ts';
import { resolveMediaTools } from '#server/media/ffmpeg.ts';
import { crc32OfFile } from '#server/media/storage.ts';
import * as soulStories from '#server/modules/soul-story/repository.ts';
import { keepsakeKeysFor } from '#server/modules/soul-story/service.ts';
import { accountExports, soulStories as soulStoriesTable } from '#server/schema.ts';
import { newUserDetails, signUp } from '#test/users.ts';
import { listenInProcess } from './in-process-app.ts';
import { type BenchSection, formatMb, formatMs, loadAverage, median } from './section.ts';

const exec = promisify(execFile);
const tools = resolveMediaTools({});
const ffmpeg = (args: string[]) =>
  exec(tools.ffmpeg, ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args]);

const TAKE_SECONDS = 60;
const ROUNDS = 5;
// Four takes, five-second title cards and three photo segments: the keepsake's length.
const KEEPSAKE_SECONDS = 4 * (TAKE_SECONDS + 3) + 3 * 5;

/**
 * What a pilgrim who finished a Soul Story holds: four 60 s browser-like takes (VP8/Opus webm at
 * 1 Mbit/s), three phone-sized photos, and a keepsake mp4 at the pipeline's bitrate.
 */
const makeMedia = async (work: string) => {
  const take = path.join(work, 'take.webm');
  const photoFiles = [0, 1, 2].map((index) => path.join(work, `photo-${index}.jpg`));
  const keepsake = path.join(work, 'keepsake.mp4');
  // Encoding them takes minutes on a busy machine: kept between runs, the keepsake written last.
  if (
    await stat(keepsake).then(
      () => true,
      () => false,
    )
  )
    return { take, photos: photoFiles, keepsake };
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x480:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', String(TAKE_SECONDS), '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8'],
    ...['-b:v', '1M', '-c:a', 'libopus', take],
  ]);
  const photos = await Promise.all(
    photoFiles.map(async (photo) => {
      await ffmpeg([
        ...['-f', 'lavfi', '-i', `testsrc2=size=4032x3024`, '-frames:v', '1', '-q:v', '2', photo],
      ]);
      return photo;
    }),
  );
  const partial = path.join(work, 'keepsake.partial.mp4');
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000'],
    ...['-t', String(KEEPSAKE_SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '5000k', '-c:a', 'aac', '-b:a', '96k'],
    ...['-movflags', '+faststart', partial],
  ]);
  await rename(partial, keepsake);
  return { take, photos, keepsake };
};

const run = async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'bench-export-'));
  // The job queues poll at their usual pace: a sent job wakes its worker at once, and faster polling
  // would only add the app's idle work to every figure below.
  const app = await listenInProcess('export');
  try {
    const cached = path.join(tmpdir(), 'pilgrim-soul-bench-export-media');
    await mkdir(cached, { recursive: true });
    const media = await makeMedia(cached);
    const pilgrim = await signUp(app.url, newUserDetails());
    const { userId } = (await app.runtime.tokens.verify(pilgrim.access))!;
    const { db, storage } = app.runtime;

    const files: string[] = [];
    const memories = [
      ...promptIds.slice(0, 4).map((type) => ({ type, kind: 'video' as const, file: media.take })),
      ...media.photos.map((file) => ({ type: 'photo', kind: 'photo' as const, file })),
    ];
    for (const [position, memory] of memories.entries()) {
      const mediaKey = `soul-stories/${userId}/${randomUUID()}${path.extname(memory.file)}`;
      await storage.write(mediaKey, createReadStream(memory.file));
      await db.insert(soulStoriesTable).values({
        userId,
        mediaCrc32: await crc32OfFile(memory.file),
        type: memory.type,
        title: memory.kind === 'video' ? `Reflection ${position + 1}` : `Photo ${position - 3}`,
        kind: memory.kind,
        mediaKey,
        position,
        segmentSeconds: memory.kind === 'video' ? TAKE_SECONDS + 3 : 5,
        segmentStatus: 'ready',
      });
      files.push(memory.file);
    }
    const { version } = await soulStories.bumpVersion(db, userId);
    const keys = keepsakeKeysFor(userId, version);
    await storage.write(keys.videoKey, createReadStream(media.keepsake));
    await storage.write(keys.posterKey, Buffer.from('poster'));
    await soulStories.publishKeepsake(db, userId, version, {
      ...keys,
      videoCrc32: await crc32OfFile(media.keepsake),
      captionsKey: null,
      captionsLanguage: null,
    });
    files.push(media.keepsake);

    let mediaBytes = 0;
    for (const file of files) mediaBytes += (await stat(file)).size;

    const call = async (method: 'GET' | 'POST') =>
      (await (
        await fetch(`${app.url}/api/account/export/`, { method, headers: pilgrim.headers })
      ).json()) as AccountExportResponse;
    // Ready is when the app emails the pilgrim (its job runs as soon as the export is marked ready),
    // written to the outbox here. Waiting for that file costs the app nothing, where asking
    // GET /api/account/export/ every 10 ms, as this bench did, took a quarter of the one thread the
    // build runs on (some 2.5 ms a request, client included) and slowed the build it waited for.
    const outbox = app.runtime.config.outboxDir;
    await mkdir(outbox, { recursive: true });
    const exportOnce = async () => {
      let emails = 0;
      let arrived = () => {};
      const watcher = watch(outbox, (_event, name) => {
        if (!name?.endsWith('.eml')) return;
        emails++;
        arrived();
      });
      try {
        const started = performance.now();
        await call('POST');
        for (let seen = 0; ; ) {
          if (emails === seen) await new Promise<void>((resolve) => (arrived = resolve));
          seen = emails;
          const readyMs = performance.now() - started;
          // Another message (an earlier export's email) is no answer: the status says.
          const current = await call('GET');
          if (current.status === 'failed') throw new Error('the export failed');
          if (current.status !== 'ready') continue;
          const [row] = await db.select().from(accountExports).where(eq(accountExports.userId, userId));
          return {
            readyMs,
            zipMs: row!.readyAt!.getTime() - row!.requestedAt.getTime(),
            bytes: current.size_bytes ?? 0,
          };
        }
      } finally {
        watcher.close();
      }
    };
    // Wall-clock time, and the process's CPU time (the app, its jobs and PGlite all run in it): what
    // the wall-clock figure comes to when other work on the machine stretches it.
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      await work();
      const { user, system } = process.cpuUsage(cpuStarted);
      return { ms: performance.now() - started, cpuMs: (user + system) / 1000 };
    };

    // What the idle app (job queues polling PGlite) costs, part of every CPU figure below.
    const idle = await timed(() => new Promise((resolve) => setTimeout(resolve, 2000)));
    const loadBefore = loadAverage();
    const rounds: Record<'copy' | 'ready', { ms: number; cpuMs: number }>[] = [];
    const builds: { readyMs: number; zipMs: number; bytes: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // The baseline: copying the same eight files once, on the same disk, by the kernel.
      const copies = path.join(work, `copies-${round}`);
      await mkdir(copies);
      const copy = await timed(async () => {
        for (const [index, file] of files.entries())
          await copyFile(file, path.join(copies, `${index}-${path.basename(file)}`));
      });
      const build = await timed(async () => builds.push(await exportOnce()));
      // The wall time until the email; the CPU time also holds the status and row read after it.
      rounds.push({ copy, ready: { ...build, ms: builds.at(-1)!.readyMs } });
    }
    // Then what the pilgrim does with the link: the whole zip, read from the store as it is sent;
    // beside it, the same bytes stored as one file and sent by the media route, as zips were. Apart
    // from the rounds above, so the memory these leave to collect does not land in an export's time.
    const downloadAll = async (url: string, expected: number) => {
      const response = await fetch(`${app.url}${url}`);
      let bytes = 0;
      for await (const chunk of response.body!) bytes += chunk.length;
      if (bytes !== expected) throw new Error(`the download held ${bytes} bytes, not ${expected}`);
    };
    const { download_url } = await call('GET');
    const wholeKey = 'bench-zips/export.zip';
    const { bytes: wholeBytes } = await storage.write(
      wholeKey,
      Readable.from((await fetch(`${app.url}${download_url}`)).body!),
    );
    const downloads: Record<'download' | 'storedDownload', { ms: number; cpuMs: number }>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      downloads.push({
        download: await timed(() => downloadAll(download_url!, builds.at(-1)!.bytes)),
        storedDownload: await timed(() => downloadAll(app.runtime.media.url(wholeKey), wholeBytes)),
      });
    }
    const timings = rounds.map((round, index) => ({ ...round, ...downloads[index]! }));
    type Phase = keyof (typeof timings)[number];
    const of = (phase: Phase, figure: 'ms' | 'cpuMs' = 'ms') =>
      median(timings.map((round) => round[phase][figure]));
    const spread = (phase: Phase) =>
      `${formatMs(of(phase))} (${timings.map((round) => round[phase].ms.toFixed(0)).join(', ')}); CPU ${formatMs(of(phase, 'cpuMs'))}`;
    const zipMs = median(builds.map((build) => build.zipMs));

    return [
      {
        metric: `load average before / after (${ROUNDS} rounds: medians, each round's wall time in brackets)`,
        value: `${loadBefore} / ${loadAverage()}`,
      },
      {
        metric: 'export: the idle app’s CPU, part of each CPU figure',
        value: `${formatMs((idle.cpuMs / idle.ms) * 1000)} per second`,
      },
      { metric: 'export: media held (4 takes, 3 photos, keepsake)', value: formatMb(mediaBytes) },
      { metric: 'export: copying those files once (cp)', value: spread('copy') },
      {
        metric: 'export: requested → zip laid out (the row’s requested_at → ready_at)',
        value: formatMs(zipMs),
      },
      {
        metric: 'export: ready, from request to the ready email (incl. job pickups)',
        value: spread('ready'),
        goal: `≤ 2× cp = ${formatMs(2 * of('copy'))}`,
      },
      {
        metric: 'export: ready ÷ cp, wall (CPU)',
        value: `${(of('ready') / of('copy')).toFixed(2)}× (${(of('ready', 'cpuMs') / of('copy', 'cpuMs')).toFixed(2)}×)`,
        goal: '≤ 2×',
      },
      {
        metric: 'export: downloading the whole zip, put together as it is sent',
        value: spread('download'),
      },
      {
        metric: 'export: downloading the same bytes stored as one file (the media route)',
        value: spread('storedDownload'),
      },
      { metric: 'export: zip size', value: formatMb(median(builds.map((build) => build.bytes))) },
    ];
  } finally {
    await app.close();
    await rm(work, { recursive: true, force: true });
  }
};

const section: BenchSection = { name: 'Data export', run };
export default section;
