import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { MAX_VIDEO_BYTES } from '#contract/soul-story.ts';
import { probe, probeDuration, resolveMediaTools } from '#server/media/ffmpeg.ts';
import { cpuMs } from '#test/app-process.ts';
import { ffmpeg, type MultipartPart, multipartBody } from '#test/soul-stories.ts';
import { type BenchSection, formatMb, formatMs } from './section.ts';
import { peakRssGrowth, startUploadServer } from './upload-server.ts';

/**
 * Spec section 7 lists the upload's parts as media, title, type: the file arrives before the server
 * knows its type. This measures whether that order costs anything against fields first: throughput,
 * and the growth of the server's resident memory (the server runs as its own process).
 */
const root = path.resolve(import.meta.dirname, '..');
const cache = path.join(root, '.tmp/bench-media');
const tools = resolveMediaTools({});
const MB = 1024 * 1024;
const TARGET_BYTES = 200 * MB;
const ROUNDS = 3;

/** Made once and kept in .tmp: random noise leaves the encoder nothing to save, so 200 MB is a few seconds of real WebM. */
export const largeVideo = async () => {
  const file = path.join(cache, 'upload-200mb.webm');
  if (existsSync(file)) return file;
  await mkdir(cache, { recursive: true });
  const partial = `${file}.partial.webm`;
  await ffmpeg(
    [
      ...['-f', 'lavfi', '-i', 'color=c=gray:s=1280x720:r=25,noise=alls=100:allf=t', '-t', '20'],
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-qmin', '0', '-qmax', '0'],
      // -fs ends the file (with a proper trailer) once it reaches the size, whatever the encoder makes of the noise.
      ...['-b:v', '400M', '-an', '-fs', String(TARGET_BYTES), partial],
    ],
    tools.ffmpeg,
  );
  await rename(partial, file);
  return file;
};

const smallVideo = async () => {
  const file = path.join(cache, 'warm-up.webm');
  if (existsSync(file)) return file;
  await mkdir(cache, { recursive: true });
  const partial = `${file}.partial.webm`;
  await ffmpeg(
    ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '1', '-c:v', 'libvpx', partial],
    tools.ffmpeg,
  );
  await rename(partial, file);
  return file;
};

type Order = 'media first' | 'fields first';

const partsFor = (order: Order, file: string): MultipartPart[] => {
  const media: MultipartPart = {
    name: 'media',
    value: createReadStream(file),
    filename: 'The_Call.webm',
    contentType: 'video/webm',
  };
  const fields: MultipartPart[] = [
    { name: 'title', value: 'The Call' },
    { name: 'type', value: 'call' },
  ];
  return order === 'media first' ? [media, ...fields] : [...fields, media];
};

/** Streams the multipart body from disk; answers the status, the answer and the milliseconds it took. */
const upload = (port: number, access: string, parts: MultipartPart[]) =>
  new Promise<{ status: number; text: string; ms: number }>((resolve, reject) => {
    const body = multipartBody(parts);
    const started = performance.now();
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/soulstory/upload/',
      headers: { ...body.headers, authorization: `Bearer ${access}` },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text, ms: performance.now() - started }),
      );
    });
    body.payload.on('error', reject);
    body.payload.pipe(request);
  });

/** One upload of the large video on a fresh server process, after a small warm-up upload in the same order. */
const measure = async (order: Order, large: string, small: string) => {
  const server = await startUploadServer('uploads');
  try {
    const warmUp = await upload(server.port, server.access, partsFor(order, small));
    if (warmUp.status !== 201)
      throw new Error(`the warm-up upload (${order}) answered ${warmUp.status} ${warmUp.text}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const cpuBefore = cpuMs(server.pid);
    const { result, growth } = await peakRssGrowth(server.pid, () =>
      upload(server.port, server.access, partsFor(order, large)),
    );
    if (result.status !== 201)
      throw new Error(`the 200 MB upload (${order}) answered ${result.status} ${result.text}`);
    return { ms: result.ms, growth, cpuMs: cpuMs(server.pid) - cpuBefore };
  } finally {
    await server.stop();
  }
};

const section: BenchSection = {
  name: 'Uploads',
  run: async () => {
    const [large, small] = [await largeVideo(), await smallVideo()];
    const { size } = await stat(large);
    if (size > MAX_VIDEO_BYTES)
      throw new Error(`${large} is over the video limit; delete it to make it again`);
    const seconds = await probeDuration(tools, large, await probe(tools, large));

    const runs: Record<Order, { ms: number; growth: number; cpuMs: number }[]> = {
      'media first': [],
      'fields first': [],
    };
    // Alternated, each on a fresh server, so neither order inherits the other's heap or a busy moment.
    for (let round = 0; round < ROUNDS; round++) {
      for (const order of ['media first', 'fields first'] as const)
        runs[order].push(await measure(order, large, small));
    }
    const throughput = (order: Order) => Math.max(...runs[order].map((run) => size / MB / (run.ms / 1000)));
    const growth = (order: Order) => Math.max(...runs[order].map((run) => run.growth));
    // Server CPU per upload: unlike the wall clock, it hardly moves when other work shares the machine.
    const cpu = (order: Order) => Math.min(...runs[order].map((run) => run.cpuMs));
    const label = `${formatMb(size)} WebM, ${seconds.toFixed(1)} s`;
    return [
      { metric: 'test video', value: label },
      {
        metric: `upload throughput, media first (best of ${ROUNDS})`,
        value: `${throughput('media first').toFixed(1)} MB/s`,
      },
      {
        metric: `upload throughput, fields first (best of ${ROUNDS})`,
        value: `${throughput('fields first').toFixed(1)} MB/s`,
      },
      {
        metric: 'throughput media first / fields first',
        value: `${(throughput('media first') / throughput('fields first')).toFixed(2)} x`,
        goal: '0.90–1.10',
      },
      {
        metric: `server CPU per upload, media first (best of ${ROUNDS})`,
        value: formatMs(cpu('media first')),
      },
      {
        metric: `server CPU per upload, fields first (best of ${ROUNDS})`,
        value: formatMs(cpu('fields first')),
      },
      {
        metric: `server RSS growth, media first (worst of ${ROUNDS})`,
        value: formatMb(growth('media first')),
        goal: '≤ 50 MB',
      },
      {
        metric: `server RSS growth, fields first (worst of ${ROUNDS})`,
        value: formatMb(growth('fields first')),
        goal: '≤ 50 MB',
      },
    ];
  },
};

export default section;
