import { existsSync, openAsBlob } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { prompts } from '#contract/prompts.ts';
import { JOIN_JOB, NORMALISE_JOB } from '#server/modules/soul-story/service.ts';
import { killProcesses } from '#test/app-process.ts';
import { startTestBucket } from '#test/s3-bucket.ts';
import {
  changeEverything,
  freshDatabase,
  PHOTO_TITLES,
  pilgrimOn,
  renderRecords,
  rendersWrittenTwice,
  scenarioMedia,
  startWeb,
  startWorker,
  uploadEverything,
  waitForKeepsake,
} from '#test/scale-out.ts';
import { ffmpeg } from '#test/soul-stories.ts';
import type { BenchRow, BenchSection } from './section.ts';

/**
 * The scale-out test's scenario with more pilgrims: two web processes and one or two workers, each
 * with its own empty data folder, on one PostgreSQL database and one S3 server (s3rver). On 2 cores
 * ffmpeg already uses both, so a second worker shows that no work is lost or done twice rather than
 * a speed-up. Then the upload throughput of one web process into the bucket and onto its own disk.
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PILGRIMS = Number(process.env.SCALE_OUT_PILGRIMS ?? 20);
const UPLOADS_PER_PILGRIM = prompts.length + PHOTO_TITLES.length + 1;
const KEEPSAKE_TIMEOUT_MS = 15 * 60_000;
const root = path.resolve(import.meta.dirname, '..');
const cache = path.join(root, '.tmp/bench-media');
const MB = 1024 * 1024;
const UPLOAD_BYTES = 100 * MB;
const UPLOAD_ROUNDS = 3;
const SECRET = 'bench-scale-out-secret-'.repeat(2);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Every pilgrim uploads, then reorders, deletes a photo and adds one; each time every keepsake must be made. */
const runScenario = async (workerCount: number) => {
  const database = await freshDatabase(ADMIN_URL, `pilgrim_soul_bench_scale_out_${process.pid}`);
  const bucket = await startTestBucket();
  try {
    const shared = { ...bucket.env, DATABASE_URL: database.url, SECRET, RATE_LIMIT_SCALE: '1000' };
    const first = await startWeb(shared);
    const [second, ...workers] = await Promise.all([
      startWeb(shared),
      ...Array.from({ length: workerCount }, () => startWorker(shared)),
    ]);
    const bases = [first.base, second!.base];
    const media = await scenarioMedia();
    const pilgrims = await Promise.all(
      Array.from({ length: PILGRIMS }, (_, index) => pilgrimOn(bases, index)),
    );

    const started = performance.now();
    const everyKeepsake = async () => {
      const states = await Promise.all(
        pilgrims.map((pilgrim) => waitForKeepsake(pilgrim, KEEPSAKE_TIMEOUT_MS)),
      );
      const failed = states.filter((state) => state.status !== 'ready').length;
      if (failed) throw new Error(`${failed} keepsakes failed with ${workerCount} worker(s)`);
    };
    await Promise.all(pilgrims.map((pilgrim) => uploadEverything(pilgrim, media)));
    await everyKeepsake();
    await Promise.all(pilgrims.map((pilgrim) => changeEverything(pilgrim, media)));
    await everyKeepsake();
    const minutes = (performance.now() - started) / 60_000;

    const records = await renderRecords(database.url);
    const written = bucket.written();
    const result = {
      keepsakesPerMinute: (2 * PILGRIMS) / minutes,
      normaliseJobs: records.filter((record) => record.name === NORMALISE_JOB).length,
      retried: records.filter((record) => record.retryCount > 0).length,
      joinJobs: records.filter((record) => record.name === JOIN_JOB).length,
      segmentsStored: written.filter((key) => key.endsWith('.segment.mov')).length,
      keepsakesStored: written.filter((key) => /\/keepsake-\d+\.mp4$/.test(key)).length,
      storedTwice: rendersWrittenTwice(written).length,
    };
    await Promise.all([first.app, second!.app, ...workers].map((app) => app.stop()));
    return result;
  } finally {
    killProcesses();
    await bucket.close();
    await database.drop();
  }
};

/** Random noise leaves the encoder nothing to save: 100 MB is a few seconds of real WebM. Kept in .tmp. */
const largeVideo = async () => {
  const file = path.join(cache, 'scale-out-100mb.webm');
  if (existsSync(file)) return file;
  await mkdir(cache, { recursive: true });
  const partial = `${file}.partial.webm`;
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'color=c=gray:s=1280x720:r=25,noise=alls=100:allf=t', '-t', '20'],
    ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-qmin', '0', '-qmax', '0'],
    ...['-b:v', '400M', '-an', '-fs', String(UPLOAD_BYTES), partial],
  ]);
  await rename(partial, file);
  return file;
};

/** MB/s of one 100 MB take uploaded to a web process storing into the bucket, and to one storing on its disk. */
const uploadThroughput = async () => {
  const file = await largeVideo();
  const { size } = await stat(file);
  const database = await freshDatabase(ADMIN_URL, `pilgrim_soul_bench_uploads_${process.pid}`);
  const bucket = await startTestBucket();
  try {
    const shared = { DATABASE_URL: database.url, SECRET, RATE_LIMIT_SCALE: '1000' };
    const s3 = await startWeb({ ...shared, ...bucket.env });
    const disk = await startWeb(shared);
    const stores = { s3, disk };
    const pilgrims = {
      s3: await pilgrimOn([s3.base], 0),
      disk: await pilgrimOn([disk.base], 0),
    };
    const rates: Record<keyof typeof stores, number[]> = { s3: [], disk: [] };
    // Alternated, so neither store gets the machine's quiet moments.
    for (let round = 0; round < UPLOAD_ROUNDS; round++) {
      for (const store of ['s3', 'disk'] as const) {
        const started = performance.now();
        await pilgrims[store].uploadTake(round % prompts.length, await openAsBlob(file));
        rates[store].push(size / MB / ((performance.now() - started) / 1000));
      }
    }
    await Promise.all([s3.app.stop(), disk.app.stop()]);
    return { size, s3: median(rates.s3), disk: median(rates.disk) };
  } finally {
    killProcesses();
    await bucket.close();
    await database.drop();
  }
};

const section: BenchSection = {
  name: 'Scale-out',
  run: async () => {
    const rows: BenchRow[] = [];
    const expected = PILGRIMS * UPLOADS_PER_PILGRIM;
    for (const workers of [1, 2]) {
      const run = await runScenario(workers);
      const label = `${PILGRIMS} pilgrims, 2 web + ${workers} worker${workers > 1 ? 's' : ''}`;
      rows.push(
        { metric: `${label}: keepsakes per minute`, value: run.keepsakesPerMinute.toFixed(1) },
        {
          metric: `${label}: segment jobs run / expected`,
          value: `${run.normaliseJobs} / ${expected}`,
          goal: 'equal',
        },
        {
          metric: `${label}: segments stored / expected`,
          value: `${run.segmentsStored} / ${expected}`,
          goal: 'equal',
        },
        {
          metric: `${label}: keepsakes stored / published`,
          value: `${run.keepsakesStored} / ${2 * PILGRIMS}`,
          goal: 'extra ones are renders outdated by a change',
        },
        { metric: `${label}: join jobs (most find nothing to do)`, value: String(run.joinJobs) },
        { metric: `${label}: renders stored twice`, value: String(run.storedTwice), goal: '0' },
        { metric: `${label}: jobs retried`, value: String(run.retried), goal: '0' },
      );
    }
    const uploads = await uploadThroughput();
    rows.push(
      {
        metric: `upload of ${(uploads.size / MB).toFixed(0)} MB into S3 (s3rver), median of ${UPLOAD_ROUNDS}`,
        value: `${uploads.s3.toFixed(1)} MB/s`,
      },
      {
        metric: `upload of ${(uploads.size / MB).toFixed(0)} MB onto local disk, median of ${UPLOAD_ROUNDS}`,
        value: `${uploads.disk.toFixed(1)} MB/s`,
      },
    );
    return rows;
  },
};

export default section;
