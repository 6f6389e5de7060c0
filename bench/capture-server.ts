import { existsSync } from 'node:fs';
import { mkdir, open, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { probe, probeDuration, resolveMediaTools } from '#server/media/ffmpeg.ts';
import { ffmpeg } from '#test/soul-stories.ts';
import { tusMetadata } from '#test/tus.ts';
import { type BenchSection, formatMb, formatMs } from './section.ts';
import { peakRssGrowth, startUploadServer } from './upload-server.ts';
import { largeVideo } from './uploads.ts';

/**
 * Capture while recording (tus): the web process's memory while it receives three 200 MB takes at once,
 * and how soon a take's segment is ready after its last byte, rendered as it arrived or by the job once
 * the whole take is in.
 */
const root = path.resolve(import.meta.dirname, '..');
const cache = path.join(root, '.tmp/bench-media');
const tools = resolveMediaTools({});
const MB = 1024 * 1024;
/** What tus-js-client sends per PATCH in the web client. */
const PATCH_BYTES = 5 * MB;
const TAKE_SECONDS = 60;

/** A minute of camera-like WebM, made once and kept in .tmp. */
const minuteTake = async () => {
  const file = path.join(cache, 'take-60s.webm');
  if (existsSync(file)) return file;
  await mkdir(cache, { recursive: true });
  const partial = `${file}.partial.webm`;
  await ffmpeg(
    [
      ...['-f', 'lavfi', '-i', 'testsrc=size=640x480:rate=20', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', String(TAKE_SECONDS), '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8'],
      ...['-b:v', '1M', '-c:a', 'libopus', partial],
    ],
    tools.ffmpeg,
  );
  await rename(partial, file);
  return file;
};

const tusHeaders = (access: string) => ({ authorization: `Bearer ${access}`, 'tus-resumable': '1.0.0' });

const createUpload = async (base: string, access: string, type: string) => {
  const response = await fetch(`${base}/api/uploads/`, {
    method: 'POST',
    headers: { ...tusHeaders(access), 'upload-defer-length': '1', 'upload-metadata': tusMetadata({ type }) },
  });
  if (response.status !== 201) throw new Error(`creating an upload answered ${response.status}`);
  return new URL(response.headers.get('location')!, base).toString();
};

/** One PATCH with bytes [start, end) of the file; the last declares the length. Answers the memory's id once finished. */
const patch = async (
  location: string,
  access: string,
  file: string,
  start: number,
  end: number,
  size: number,
) => {
  const handle = await open(file, 'r');
  const body = Buffer.alloc(end - start);
  try {
    await handle.read(body, 0, body.length, start);
  } finally {
    await handle.close();
  }
  const response = await fetch(location, {
    method: 'PATCH',
    headers: {
      ...tusHeaders(access),
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(start),
      ...(end === size ? { 'upload-length': String(size) } : {}),
    },
    body,
  });
  if (response.status !== 204)
    throw new Error(`a PATCH answered ${response.status} ${await response.text()}`);
  return response.headers.get('upload-item-id');
};

/** Sends a whole file in PATCHes of `chunk` bytes, waiting `pauseMs` after each but the last. */
const sendTake = async (
  server: { base: string; access: string },
  file: string,
  type: string,
  chunk: number,
  pauseMs = 0,
) => {
  const { size } = await stat(file);
  const location = await createUpload(server.base, server.access, type);
  let itemId: string | null = null;
  let lastStarted = 0;
  for (let start = 0; start < size; start += chunk) {
    const end = Math.min(size, start + chunk);
    if (end === size) lastStarted = performance.now();
    itemId = await patch(location, server.access, file, start, end, size);
    if (end < size && pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return { itemId: itemId!, lastStarted };
};

/** Resolves with the time each memory's `segment` event arrives on the pilgrim's event stream. */
const segmentEvents = async (base: string, access: string) => {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/soulstory/events/`, {
    headers: { authorization: `Bearer ${access}` },
    signal: controller.signal,
  });
  const arrived = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const bytes of response.body!) {
        text += decoder.decode(bytes, { stream: true });
        const messages = text.split('\n\n');
        text = messages.pop() ?? '';
        for (const message of messages) {
          if (!/^event: segment$/m.test(message)) continue;
          const id = (JSON.parse(/^data: (.*)$/m.exec(message)![1]!) as { id: string }).id;
          const at = performance.now();
          arrived.set(id, at);
          waiting.get(id)?.(at);
        }
      }
    } catch {
      // The stream is closed when the bench is done with it.
    }
  })();
  return {
    readyAt: (id: string) =>
      new Promise<number>((resolve) => {
        const at = arrived.get(id);
        if (at !== undefined) resolve(at);
        else waiting.set(id, resolve);
      }),
    close: () => controller.abort(),
  };
};

/** Last byte to segment ready for a minute's take: sent a second's worth at a time (live), or whole (job). */
const segmentDelay = async (take: string, paced: boolean) => {
  const server = await startUploadServer('capture-server', { RUN_MODE: 'all' });
  const events = await segmentEvents(server.base, server.access);
  try {
    const { size } = await stat(take);
    const seconds = await probeDuration(tools, take, await probe(tools, take));
    const { itemId, lastStarted } = paced
      ? await sendTake(server, take, 'joy', Math.ceil(size / seconds), 1000)
      : await sendTake(server, take, 'joy', size);
    return (await events.readyAt(itemId)) - lastStarted;
  } finally {
    events.close();
    await server.stop();
  }
};

const section: BenchSection = {
  name: 'Capture server',
  run: async () => {
    const large = await largeVideo();
    const { size } = await stat(large);
    const server = await startUploadServer('capture-server');
    let growth: number;
    try {
      ({ growth } = await peakRssGrowth(server.pid, () =>
        Promise.all(['call', 'suffering', 'joy'].map((type) => sendTake(server, large, type, PATCH_BYTES))),
      ));
    } finally {
      await server.stop();
    }
    const take = await minuteTake();
    const live = await segmentDelay(take, true);
    const job = await segmentDelay(take, false);
    return [
      {
        metric: `server RSS growth, three ${formatMb(size)} tus uploads at once (${formatMb(PATCH_BYTES)} PATCHes)`,
        value: formatMb(growth),
        goal: '≤ 50 MB',
      },
      {
        metric: `${TAKE_SECONDS} s take: last chunk → segment ready, rendered as it arrived`,
        value: formatMs(live),
      },
      {
        metric: `${TAKE_SECONDS} s take: last byte → segment ready, normalise job after completion`,
        value: formatMs(job),
      },
    ];
  },
};

export default section;
