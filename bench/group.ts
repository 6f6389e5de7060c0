import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { prompts } from '#contract/prompts.ts';
import type { ConcatenatedResponse } from '#contract/soul-story.ts';
import { UPLOAD_IDEMPOTENCY_KEY, UPLOAD_ITEM_ID_HEADER, UPLOADS_PATH } from '#contract/uploads.ts';
import { resolveMediaTools } from '#server/media/ffmpeg.ts';
import { JOIN_JOB, NORMALISE_JOB } from '#server/modules/soul-story/service.ts';
import { freePort, rssBytes } from '#test/app-process.ts';
import { sampleOf } from '#test/metrics.ts';
import { ffmpeg } from '#test/soul-stories.ts';
import { tusMetadata } from '#test/tus.ts';
import { signUp } from '#test/users.ts';
import { type BenchRow, type BenchSection, formatMb, loadAverage } from './section.ts';
import { startUploadServer } from './upload-server.ts';

/**
 * A parish group finishing together (issue 28): N pilgrims on one server process with its in-process
 * worker (the embedded default: PGlite, local disk), each recording four takes at once with the others,
 * sent through tus while recorded (deferred length, a second of media per PATCH, in real time, the length
 * declared with the last PATCH, as pressing Save does). What counts is each pilgrim's wait from their last
 * chunk to their keepsake's `video_url`, for VP8 WebM (Chrome) and H.264 fragmented MP4 (Safari, Chrome's
 * `video/mp4`). `GROUP_SIZES=1,4,8,12,16` and `GROUP_TAKE_SECONDS=8` choose the group sizes and takes.
 */
const SIZES = (process.env.GROUP_SIZES ?? '1,4,8').split(',').map(Number);
const TAKE_SECONDS = Number(process.env.GROUP_TAKE_SECONDS ?? 8);
const PAUSE_BETWEEN_TAKES_MS = 1000;
const POLL_MS = 100;
const KEEPSAKE_TIMEOUT_MS = 10 * 60_000;
const RSS_SAMPLE_MS = 500;
const QUEUE_SAMPLE_MS = 1000;
const QUEUE_SUMMARY_EVERY_S = 10;
/** The knee: the first group whose p95 is this many times one pilgrim's. */
const KNEE_FACTOR = 3;
const TICKS_PER_SECOND = 100;
const cache = path.resolve(import.meta.dirname, '../.tmp/bench-media');
const tools = resolveMediaTools({});

const formats = {
  webm: { label: 'VP8 WebM', extension: 'webm' },
  mp4: { label: 'H.264 fMP4', extension: 'mp4' },
} as const;
type Format = keyof typeof formats;

/** 720p30 at 2 Mbit/s with motion and a sensor's grain, as a recorder makes it; made once and kept in .tmp. */
const take = async (format: Format) => {
  const file = path.join(cache, `group-take-${TAKE_SECONDS}s.${formats[format].extension}`);
  if (existsSync(file)) return file;
  await mkdir(cache, { recursive: true });
  const partial = `${file}.partial.${formats[format].extension}`;
  const rate = ['-b:v', '2M', '-minrate', '2M', '-maxrate', '2M', '-bufsize', '2M'];
  const codecs =
    format === 'webm'
      ? ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '4', ...rate, '-c:a', 'libopus']
      : [
          ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
          // A fragment a second, as a recorder asked for a chunk a second delivers them.
          ...[...rate, '-g', '30', '-c:a', 'aac'],
          ...['-movflags', 'frag_keyframe+empty_moov+default_base_moof'],
        ];
  await ffmpeg(
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30,noise=alls=12:allf=t+u'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-t', String(TAKE_SECONDS), ...codecs, '-b:a', '96k', '-ac', '2', partial],
    ],
    tools.ffmpeg,
  );
  await rename(partial, file);
  return file;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The process and every process below it (ffmpeg and ffprobe run as the server's children). */
const processTree = (pid: number): number[] => {
  const below: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (children) below.push(...children.split(' ').map(Number));
    }
  } catch {
    // Gone meanwhile.
  }
  return [pid, ...below.flatMap(processTree)];
};

const statFields = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
};

/** CPU seconds of the server, its running descendants and the children it has reaped (cutime, cstime). */
const treeCpuSeconds = (pid: number) => {
  const [, ...below] = processTree(pid);
  const own = statFields(pid);
  let ticks = own[11]! + own[12]! + own[13]! + own[14]!;
  for (const child of below) {
    try {
      const fields = statFields(child);
      ticks += fields[11]! + fields[12]!;
    } catch {
      // Reaped meanwhile: its time is in the server's cutime from now on.
    }
  }
  return ticks / TICKS_PER_SECOND;
};

const treeRss = (pid: number) =>
  processTree(pid).reduce((sum, member) => {
    try {
      return sum + rssBytes(member);
    } catch {
      return sum;
    }
  }, 0);

interface QueueSample {
  second: number;
  waiting: number;
  active: number;
  deferred: number;
}

/** pg-boss's render queues (segments and joins) from the server's metrics, every second. */
const sampleQueue = (metricsUrl: string, started: number) => {
  const samples: QueueSample[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      try {
        const text = await (await fetch(metricsUrl)).text();
        const count = (state: string) =>
          [NORMALISE_JOB, JOIN_JOB].reduce(
            (sum, queue) => sum + (sampleOf(text, 'pilgrim_jobs', { queue, state }) ?? 0),
            0,
          );
        samples.push({
          second: (performance.now() - started) / 1000,
          waiting: count('waiting'),
          active: count('active'),
          deferred: count('deferred'),
        });
      } catch {
        // A scrape missed: the next one counts.
      }
      await sleep(QUEUE_SAMPLE_MS);
    }
  })();
  return {
    samples,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
};

const renderCount = (text: string, kind: string) =>
  sampleOf(text, 'pilgrim_render_duration_seconds_count', { kind }) ?? 0;

/** One pilgrim: four takes, each sent a second's worth a second, then the wait for the keepsake. */
const pilgrimRecords = async (base: string, access: string, file: Buffer, format: Format) => {
  const auth = { authorization: `Bearer ${access}`, 'tus-resumable': '1.0.0' };
  const chunk = Math.ceil(file.length / TAKE_SECONDS);
  let lastChunkAnswered = 0;
  for (const [index, prompt] of prompts.entries()) {
    if (index > 0) await sleep(PAUSE_BETWEEN_TAKES_MS);
    const recording = performance.now();
    const created = await fetch(`${base}${UPLOADS_PATH}/`, {
      method: 'POST',
      headers: {
        ...auth,
        'upload-defer-length': '1',
        'upload-metadata': tusMetadata({
          type: prompt.id,
          title: prompt.name,
          filename: `${prompt.id}.${formats[format].extension}`,
          [UPLOAD_IDEMPOTENCY_KEY]: randomUUID(),
        }),
      },
    });
    if (created.status !== 201) throw new Error(`creating an upload answered ${created.status}`);
    const location = new URL(created.headers.get('location')!, base).toString();
    for (let second = 0; second < TAKE_SECONDS; second++) {
      // The recorder hands over each second once it is recorded.
      await sleep(recording + (second + 1) * 1000 - performance.now());
      const start = second * chunk;
      const end = Math.min(file.length, start + chunk);
      const last = second === TAKE_SECONDS - 1;
      const response = await fetch(location, {
        method: 'PATCH',
        headers: {
          ...auth,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(start),
          ...(last ? { 'upload-length': String(file.length) } : {}),
        },
        body: new Uint8Array(file.subarray(start, end)),
      });
      if (response.status !== 204)
        throw new Error(`a PATCH answered ${response.status} ${await response.text()}`);
      if (last && !response.headers.get(UPLOAD_ITEM_ID_HEADER))
        throw new Error('the last PATCH named no memory');
      if (last) lastChunkAnswered = performance.now();
    }
  }
  while (performance.now() - lastChunkAnswered < KEEPSAKE_TIMEOUT_MS) {
    const response = await fetch(`${base}/api/soulstory/concatenated/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    const keepsake = response.ok ? ((await response.json()) as ConcatenatedResponse) : null;
    if (keepsake?.video_url) return performance.now() - lastChunkAnswered;
    if (keepsake?.status === 'failed') return null;
    await sleep(POLL_MS);
  }
  return null;
};

const percentile = (sorted: number[], share: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]! : Number.NaN;

/** N pilgrims at once on a fresh server. */
const runGroup = async (size: number, format: Format) => {
  const file = await readFile(await take(format));
  const metricsPort = await freePort();
  const server = await startUploadServer('group', {
    RUN_MODE: 'all',
    METRICS_PORT: String(metricsPort),
  });
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  let peakRss = treeRss(server.pid);
  const rssSampler = setInterval(() => {
    peakRss = Math.max(peakRss, treeRss(server.pid));
  }, RSS_SAMPLE_MS);
  try {
    const accesses = [server.access];
    while (accesses.length < size) accesses.push((await signUp(server.base)).access);
    const started = performance.now();
    const cpuBefore = treeCpuSeconds(server.pid);
    const queue = sampleQueue(metricsUrl, started);
    let waits: (number | null)[];
    try {
      waits = await Promise.all(accesses.map((access) => pilgrimRecords(server.base, access, file, format)));
    } finally {
      await queue.stop();
    }
    const cpuSeconds = treeCpuSeconds(server.pid) - cpuBefore;
    const metrics = await (await fetch(metricsUrl)).text();
    const made = waits.filter((wait): wait is number => wait !== null).sort((a, b) => a - b);
    return {
      made: made.length,
      p50: percentile(made, 0.5),
      p95: percentile(made, 0.95),
      max: made.at(-1) ?? Number.NaN,
      cpuPerVideoMinute: cpuSeconds / ((size * prompts.length * TAKE_SECONDS) / 60),
      samples: queue.samples,
      peakRss: Math.max(peakRss, treeRss(server.pid)),
      live: renderCount(metrics, 'live-segment'),
      byJob: renderCount(metrics, 'segment'),
    };
  } finally {
    clearInterval(rssSampler);
    await server.stop();
  }
};

const seconds = (ms: number) => (Number.isNaN(ms) ? '–' : `${(ms / 1000).toFixed(2)} s`);

/** Max waiting, and waiting+active every 10 s. */
const queueSummary = (samples: QueueSample[]) => {
  const every: string[] = [];
  for (let at = 0; ; at += QUEUE_SUMMARY_EVERY_S) {
    const sample = samples.find((candidate) => candidate.second >= at);
    if (!sample) break;
    every.push(`${at}s:${sample.waiting}+${sample.active}`);
  }
  return {
    maxWaiting: Math.max(0, ...samples.map((sample) => sample.waiting)),
    maxDeferred: Math.max(0, ...samples.map((sample) => sample.deferred)),
    every: every.join(' '),
  };
};

/** The goals, by group size and recorder. */
const goals = (size: number, format: Format): Partial<Record<'p50' | 'p95' | 'max' | 'rss', string>> => {
  if (size === 1) return { p95: '≤ 1.9 s, one pilgrim today' };
  if (size === 8 && format === 'mp4') return { p50: '≤ 3 s', p95: '≤ 6 s', max: '≤ 10 s' };
  if (size === 8) return { p95: '≤ 20 s' };
  if (size === 16) return { p95: '≤ 30 s', rss: '≤ 1.5 GB' };
  return {};
};

const section: BenchSection = {
  name: 'Group',
  run: async () => {
    const rows: BenchRow[] = [
      {
        metric: 'takes',
        value: `4 × ${TAKE_SECONDS} s, 1280x720 30 fps 2 Mbit/s, a PATCH a second, ${PAUSE_BETWEEN_TAKES_MS / 1000} s between takes`,
      },
    ];
    const curve: Record<Format, { size: number; p95: number }[]> = { webm: [], mp4: [] };
    for (const size of SIZES) {
      for (const format of ['webm', 'mp4'] as const) {
        const run = await runGroup(size, format);
        const label = `${size} pilgrim${size > 1 ? 's' : ''}, ${formats[format].label}`;
        const goal = goals(size, format);
        const queue = queueSummary(run.samples);
        curve[format].push({ size, p95: run.p95 });
        rows.push(
          { metric: `${label}: keepsakes made`, value: `${run.made} / ${size}`, goal: 'all' },
          { metric: `${label}: last chunk → keepsake p50`, value: seconds(run.p50), goal: goal.p50 },
          { metric: `${label}: last chunk → keepsake p95`, value: seconds(run.p95), goal: goal.p95 },
          { metric: `${label}: last chunk → keepsake max`, value: seconds(run.max), goal: goal.max },
          {
            metric: `${label}: server CPU per minute of video`,
            value: `${run.cpuPerVideoMinute.toFixed(1)} s`,
          },
          {
            metric: `${label}: peak RSS, server and its children`,
            value: formatMb(run.peakRss),
            goal: goal.rss,
          },
          {
            metric: `${label}: segments rendered live / by the normalise job`,
            value: `${run.live} / ${run.byJob}`,
          },
          {
            metric: `${label}: render queue, most waiting (most deferred)`,
            value: `${queue.maxWaiting} (${queue.maxDeferred})`,
          },
          { metric: `${label}: render queue waiting+active every 10 s`, value: queue.every },
        );
      }
    }
    for (const format of ['webm', 'mp4'] as const) {
      const points = curve[format];
      const one = points.find((point) => point.size === 1)?.p95;
      const knee =
        one === undefined ? undefined : points.find((point) => point.p95 > KNEE_FACTOR * one)?.size;
      rows.push(
        {
          metric: `${formats[format].label}: N → p95`,
          value: points.map((point) => `${point.size}: ${seconds(point.p95)}`).join(', '),
        },
        {
          metric: `${formats[format].label}: knee (first N with p95 > ${KNEE_FACTOR}× one pilgrim's)`,
          value:
            one === undefined
              ? 'no 1-pilgrim run'
              : knee === undefined
                ? `none up to ${Math.max(...points.map((point) => point.size))}`
                : `N = ${knee}`,
        },
      );
    }
    rows.push({ metric: 'load average after the runs (1, 5, 15 min)', value: loadAverage() });
    return rows;
  },
};

export default section;
