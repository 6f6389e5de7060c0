import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { TestApp } from './test-app.ts';

/** Media made on the spot by ffmpeg for the tests: small, with known content and length. */
const exec = promisify(execFile);

export const ffmpeg = (args: string[], program = 'ffmpeg') =>
  exec(program, ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], { maxBuffer: 64 * 1024 * 1024 });

export const ffprobeJson = async (file: string, program = 'ffprobe') =>
  JSON.parse(
    (await exec(program, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]))
      .stdout,
  ) as {
    format: { duration: string };
    streams: {
      codec_type: string;
      codec_name: string;
      duration?: string;
      width?: number;
      height?: number;
      tags?: { language?: string };
    }[];
  };

/** The chapters players offer: where each starts, in seconds, and its title. */
export const ffprobeChapters = async (file: string, program = 'ffprobe') =>
  (
    JSON.parse(
      (await exec(program, ['-v', 'error', '-print_format', 'json', '-show_chapters', file])).stdout,
    ) as {
      chapters: { start_time: string; tags?: { title?: string } }[];
    }
  ).chapters.map((chapter) => ({ start: Number(chapter.start_time), title: chapter.tags?.title ?? '' }));

/** One of the file's own metadata tags (a keepsake card keeps the text it draws in `comment`). */
export const ffprobeTag = async (file: string, tag: string, program = 'ffprobe') =>
  (
    await exec(program, [
      '-v',
      'error',
      '-show_entries',
      `format_tags=${tag}`,
      '-of',
      'default=noprint_wrappers=1:nokey=1',
      file,
    ])
  ).stdout.trim();

export interface ClipOptions {
  seconds: number;
  size?: string;
  colour?: string;
  frequency?: number;
  format?: 'webm' | 'mp4';
  audio?: boolean;
  rate?: number;
  /** Written as MediaRecorder writes a WebM: no duration in its header, no index. */
  live?: boolean;
}

/** A clip of a solid colour (or the test pattern) with a tone, as a browser would record it. */
export const makeClip = async (file: string, options: ClipOptions) => {
  const size = options.size ?? '320x180';
  const rate = options.rate ?? 25;
  const video = options.colour
    ? `color=c=${options.colour}:s=${size}:r=${rate}`
    : `testsrc=size=${size}:rate=${rate}`;
  const codecs =
    (options.format ?? 'webm') === 'webm'
      ? ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', '-c:a', 'libopus']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    video,
    ...(options.audio === false
      ? []
      : ['-f', 'lavfi', '-i', `sine=frequency=${options.frequency ?? 440}:sample_rate=48000`]),
    '-t',
    String(options.seconds),
    ...codecs,
    ...(options.audio === false ? ['-an'] : []),
    ...(options.live ? ['-live', '1'] : []),
    file,
  ]);
};

export const makePhoto = (file: string, size = '800x600', colour = 'orange') =>
  ffmpeg(['-f', 'lavfi', '-i', `color=c=${colour}:s=${size}`, '-frames:v', '1', file]);

/** The head of an HEIC file as phones write it: enough for content sniffing to recognise it. */
export const heicBytes = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1heic'),
    randomBytes(5000),
  ]);

export interface MultipartPart {
  name: string;
  value: string | Buffer | Readable;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body as a stream, so large uploads never sit in memory in the test either. */
export const multipartBody = (parts: MultipartPart[], options: { truncateAfterBytes?: number } = {}) => {
  const boundary = `----pilgrim${randomBytes(8).toString('hex')}`;
  async function* body() {
    let sent = 0;
    const limit = options.truncateAfterBytes ?? Number.POSITIVE_INFINITY;
    const emit = function* (chunk: Buffer) {
      const allowed = chunk.subarray(0, Math.max(0, limit - sent));
      sent += allowed.length;
      if (allowed.length) yield allowed;
    };
    for (const part of parts) {
      const disposition = part.filename
        ? `form-data; name="${part.name}"; filename="${part.filename}"`
        : `form-data; name="${part.name}"`;
      const type = part.filename ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}` : '';
      yield* emit(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
      if (part.value instanceof Readable) {
        for await (const chunk of part.value) yield* emit(Buffer.from(chunk));
      } else yield* emit(Buffer.from(part.value));
      yield* emit(Buffer.from('\r\n'));
      if (sent >= limit) return;
    }
    yield* emit(Buffer.from(`--${boundary}--\r\n`));
  }
  return {
    payload: Readable.from(body()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** A file that starts like a real one and then runs on with zeros up to `totalBytes`. */
export const paddedFile = (head: Buffer, totalBytes: number) => {
  const chunk = Buffer.alloc(1024 * 1024);
  async function* bytes() {
    yield head;
    let left = totalBytes - head.length;
    while (left > 0) {
      const size = Math.min(left, chunk.length);
      yield chunk.subarray(0, size);
      left -= size;
    }
  }
  return Readable.from(bytes());
};

/** Every file under a folder (a user's media), recursively. */
export const listFiles = async (root: string): Promise<string[]> => {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
};

/** Small clips and photos of every accepted kind, made once per test file. */
export const makeTestMedia = async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'soul-story-media-'));
  const made: Record<string, () => Promise<unknown>> = {
    'a.webm': () => makeClip(path.join(work, 'a.webm'), { seconds: 1, colour: 'red' }),
    'a.mp4': () =>
      makeClip(path.join(work, 'a.mp4'), { seconds: 1, colour: 'blue', format: 'mp4', size: '180x320' }),
    'long.webm': () =>
      makeClip(path.join(work, 'long.webm'), {
        seconds: 601,
        size: '64x36',
        colour: 'gray',
        audio: false,
        rate: 1,
        live: true,
      }),
    'a.jpg': () => makePhoto(path.join(work, 'a.jpg')),
    'a.png': () => makePhoto(path.join(work, 'a.png'), '600x800', 'green'),
    'a.webp': () => makePhoto(path.join(work, 'a.webp'), '640x360', 'purple'),
  };
  await Promise.all(Object.values(made).map((make) => make()));
  const files: Record<string, Buffer> = {};
  for (const name of Object.keys(made)) files[name] = await readFile(path.join(work, name));
  await rm(work, { recursive: true, force: true });
  return files;
};

/** Signed-in calls to the Soul Stories API of a test app. */
export const storyClient = (testApp: TestApp) => {
  const upload = (
    auth: Record<string, string>,
    fields: { type?: string; title?: string },
    file: { content: Buffer | Readable; filename?: string } | null,
    options: { truncateAfterBytes?: number } = {},
  ) => {
    const parts: MultipartPart[] = [
      ...Object.entries(fields).map(([name, value]) => ({ name, value: value ?? '' })),
      ...(file ? [{ name: 'media', value: file.content, filename: file.filename ?? 'clip.webm' }] : []),
    ];
    const body = multipartBody(parts, options);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/soulstory/upload/',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });
  const keepsake = async (auth: Record<string, string>) =>
    (await get('/api/soulstory/concatenated/', auth)).json();
  return { upload, get, keepsake };
};
export type StoryClient = ReturnType<typeof storyClient>;
