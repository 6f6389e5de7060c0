import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { resolveMediaTools, runFfmpeg } from '#server/media/ffmpeg.ts';
import { journeyCards } from '#server/modules/soul-story/cards.ts';
import {
  fontFile,
  joinSegments,
  renderCardSegment,
  renderPhotoSegment,
  renderVideoSegment,
  SEGMENT,
  TITLE_SECONDS,
} from '#server/modules/soul-story/render.ts';
import { type BenchSection, formatMb, formatMs } from './section.ts';
import { peakRssGrowth, startUploadServer } from './upload-server.ts';

const exec = promisify(execFile);
const tools = resolveMediaTools({});

const TAKE_SECONDS = 60;
const PROMPT_NAMES = ['The Call', 'The Suffering', 'The Joy', 'What Found You'];
const PHOTO_TITLES = ['Sunrise on the meseta', 'My boots, retired', 'The cathedral square'];
const UPLOAD_BYTES = 200 * 1024 * 1024;

const ffmpeg = (args: string[]) =>
  exec(tools.ffmpeg, ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args]);

/** Four browser-like takes (VP8/Opus webm, 640x480) with a tone, and three large phone-sized photos. */
const makeInputs = async (work: string) => {
  const take = path.join(work, 'take-0.webm');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x480:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(TAKE_SECONDS),
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '1M',
    '-c:a',
    'libopus',
    take,
  ]);
  const takes = [take];
  for (let index = 1; index < 4; index++) {
    const copy = path.join(work, `take-${index}.webm`);
    await copyFile(take, copy);
    takes.push(copy);
  }
  const photos = await Promise.all(
    [0, 1, 2].map(async (index) => {
      const photo = path.join(work, `photo-${index}.jpg`);
      await ffmpeg([
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=${index === 1 ? '3024x4032' : '4032x3024'}`,
        '-frames:v',
        '1',
        '-q:v',
        '2',
        photo,
      ]);
      return photo;
    }),
  );
  return { takes, photos };
};

/** Where each segment begins in the joined video. */
const startsOf = (durations: number[]) => {
  const starts = [0];
  for (const duration of durations) starts.push(starts.at(-1)! + duration);
  return starts;
};

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

/** Where the tone of each take starts in the keepsake (the end of the silence before it). */
const toneStarts = async (file: string) => {
  const { stderr } = await exec(tools.ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-i',
    file,
    '-vn',
    '-af',
    'silencedetect=noise=-45dB:d=0.5',
    '-f',
    'null',
    '-',
  ]);
  return [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((match) => Number(match[1]));
};

/** The obvious way: one ffmpeg run with every input, the same filters, and the concat filter. */
const naiveRender = async (
  takes: string[],
  photos: string[],
  titleFiles: string[],
  photoTitleFiles: string[],
  output: string,
) => {
  const { width: W, height: H, fps, sampleRate } = SEGMENT;
  const inputs: string[] = [];
  const graph: string[] = [];
  const joined: string[] = [];
  let input = 0;
  const quote = (file: string) => `'${file}'`;
  for (const [index, take] of takes.entries()) {
    inputs.push('-f', 'lavfi', '-t', String(TITLE_SECONDS), '-i', `color=c=0x1b2a3a:s=${W}x${H}:r=${fps}`);
    inputs.push('-f', 'lavfi', '-t', String(TITLE_SECONDS), '-i', `anullsrc=r=${sampleRate}:cl=mono`);
    inputs.push('-i', take);
    const [card, silence, clip] = [input, input + 1, input + 2];
    input += 3;
    graph.push(
      `[${card}:v]drawtext=fontfile=${quote(fontFile)}:textfile=${quote(titleFiles[index]!)}:fontsize=76:fontcolor=white:x=(w-tw)/2:y=(h-th)/2,setsar=1,format=yuv420p[t${index}]`,
      `[${clip}:v:0]fps=${fps},split[f${index}][g${index}];[f${index}]scale=320:180:force_original_aspect_ratio=increase,crop=320:180,boxblur=8:2,scale=${W}:${H}[b${index}];` +
        `[g${index}]scale=${W}:${H}:force_original_aspect_ratio=decrease[s${index}];[b${index}][s${index}]overlay=(W-w)/2:(H-h)/2,setsar=1,format=yuv420p[c${index}]`,
      `[${clip}:a:0]aresample=${sampleRate},aformat=channel_layouts=mono,loudnorm=I=-16:TP=-1.5:LRA=11,aresample=${sampleRate}[a${index}]`,
    );
    joined.push(`[t${index}][${silence}:a][c${index}][a${index}]`);
  }
  for (const [index, photo] of photos.entries()) {
    inputs.push('-i', photo);
    inputs.push('-f', 'lavfi', '-t', '5', '-i', `anullsrc=r=${sampleRate}:cl=mono`);
    const [still, silence] = [input, input + 1];
    input += 2;
    graph.push(
      `[${still}:v]scale=${W * 2}:${H * 2}:force_original_aspect_ratio=decrease,pad=${W * 2}:${H * 2}:(ow-iw)/2:(oh-ih)/2,` +
        `zoompan=z='1+0.08*on/150':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=150:s=${W}x${H}:fps=${fps},` +
        `drawtext=fontfile=${quote(fontFile)}:textfile=${quote(photoTitleFiles[index]!)}:fontsize=44:fontcolor=white:x=(w-tw)/2:y=h-th-70,setsar=1,format=yuv420p[p${index}]`,
    );
    joined.push(`[p${index}][${silence}:a]`);
  }
  graph.push(`${joined.join('')}concat=n=${takes.length * 2 + photos.length}:v=1:a=1[v][a]`);
  await runFfmpeg(tools, [
    ...inputs,
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '22',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(fps),
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ac',
    '1',
    '-movflags',
    '+faststart',
    output,
  ]);
};

/** The server's resident memory while it receives a 200 MB upload, sampled every 50 ms. */
const uploadMemory = async () => {
  const server = await startUploadServer('keepsake');
  try {
    const { stdout: head } = await exec(
      tools.ffmpeg,
      [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=320x180:rate=25',
        '-t',
        '1',
        '-c:v',
        'libvpx',
        '-f',
        'webm',
        '-',
      ],
      { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
    );
    const boundary = '----benchkeepsake';
    const chunk = Buffer.alloc(1024 * 1024, 7);
    async function* body() {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\ncall\r\n`);
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="take.webm"\r\nContent-Type: video/webm\r\n\r\n`,
      );
      yield head as Buffer;
      for (let sent = head.length; sent < UPLOAD_BYTES; sent += chunk.length) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { result: timedUpload, growth } = await peakRssGrowth(server.pid, () =>
      timed(() =>
        fetch(`${server.base}/api/soulstory/upload/`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${server.access}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          body: Readable.toWeb(Readable.from(body())) as ReadableStream,
          duplex: 'half',
        } as RequestInit),
      ),
    );
    return { growth, ms: timedUpload.ms, status: timedUpload.result.status };
  } finally {
    await server.stop();
  }
};

const section: BenchSection = {
  name: 'Keepsake',
  run: async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'bench-keepsake-'));
    try {
      const { takes, photos } = await makeInputs(work);
      const rows: { metric: string; value: string; goal?: string }[] = [];
      const segments: string[] = [];
      const segmentSeconds: number[] = [];
      const normaliseMs: number[] = [];
      for (const [index, take] of takes.entries()) {
        const output = path.join(work, `take-${index}.segment.mov`);
        const { result: seconds, ms } = await timed(() =>
          renderVideoSegment({ tools, input: take, output, title: PROMPT_NAMES[index]! }),
        );
        segments.push(output);
        segmentSeconds.push(seconds);
        normaliseMs.push(ms);
        rows.push({
          metric: `normalise take ${index + 1} (${seconds.toFixed(1)} s)`,
          value: `${(ms / 1000 / seconds).toFixed(2)} x`,
          goal: '≤ 0.35',
        });
      }
      for (const [index, photo] of photos.entries()) {
        const output = path.join(work, `photo-${index}.segment.mov`);
        const { result: seconds, ms } = await timed(() =>
          renderPhotoSegment({ tools, input: photo, output, title: PHOTO_TITLES[index]! }),
        );
        // Photos go between the takes, as a pilgrim would arrange them.
        segments.splice(index * 2 + 1, 0, output);
        segmentSeconds.splice(index * 2 + 1, 0, seconds);
        normaliseMs.push(ms);
        rows.push({
          metric: `normalise photo ${index + 1} (${seconds.toFixed(1)} s)`,
          value: `${(ms / 1000 / seconds).toFixed(2)} x`,
          goal: '≤ 0.35',
        });
      }
      const cards = journeyCards({
        firstName: 'Ana',
        route: 'Camino Francés',
        startPlace: 'Saint-Jean-Pied-de-Port',
        finishPlace: 'Santiago',
        startDate: '2026-09-12',
        arrivalDate: '2026-10-14',
        distanceKm: 780,
        compostelaDate: '2026-10-14',
      });
      for (const [which, frames] of [
        ['opening', SEGMENT.openingFrames],
        ['closing', SEGMENT.closingFrames],
      ] as const) {
        const output = path.join(work, `${which}-card.segment.mov`);
        const { result: seconds, ms } = await timed(() =>
          renderCardSegment({ tools, output, card: cards[which], frames }),
        );
        if (which === 'opening') {
          segments.unshift(output);
          segmentSeconds.unshift(seconds);
        } else {
          segments.push(output);
          segmentSeconds.push(seconds);
        }
        normaliseMs.push(ms);
        rows.push({ metric: `render the ${which} card (${seconds.toFixed(1)} s)`, value: formatMs(ms) });
      }
      const keepsake = path.join(work, 'keepsake.mp4');
      const { ms: joinMs } = await timed(() =>
        joinSegments({
          tools,
          segments: segments.map((file) => ({ file, title: path.basename(file) })),
          posterSegment: 1,
          output: keepsake,
          poster: path.join(work, 'poster.jpg'),
        }),
      );
      rows.push({
        metric: `join ${segments.length} segments (${segmentSeconds.reduce((a, b) => a + b, 0).toFixed(0)} s out)`,
        value: formatMs(joinMs),
        goal: '≤ 3000 ms',
      });

      const starts = startsOf(segmentSeconds);
      const expectedToneStarts = segments
        .map((segment, index) => (segment.includes('take-') ? starts[index]! + TITLE_SECONDS : null))
        .filter((value): value is number => value !== null);
      const found = await toneStarts(keepsake);
      for (const [index, expected] of expectedToneStarts.entries()) {
        const actual = found.find((value) => Math.abs(value - expected) < 1);
        rows.push({
          metric: `A/V offset at take ${index + 1}`,
          value: actual === undefined ? 'not found' : formatMs((actual - expected) * 1000),
          goal: 'within ±40 ms',
        });
      }

      const titleFiles = await Promise.all(
        [...PROMPT_NAMES, ...PHOTO_TITLES].map(async (title, index) => {
          const file = path.join(work, `title-${index}.txt`);
          await writeFile(file, title);
          return file;
        }),
      );
      const pipelineMs = normaliseMs.reduce((sum, ms) => sum + ms, 0) + joinMs;
      const { ms: naiveMs } = await timed(() =>
        naiveRender(takes, photos, titleFiles.slice(0, 4), titleFiles.slice(4), path.join(work, 'naive.mp4')),
      );
      rows.push({ metric: 'naive single-pass render (concat filter)', value: formatMs(naiveMs) });
      rows.push({ metric: 'segmented pipeline, all segments + join', value: formatMs(pipelineMs) });
      rows.push({
        metric: 'final wait after the last upload: join / naive',
        value: `${(joinMs / naiveMs).toFixed(3)}`,
      });

      const upload = await uploadMemory();
      rows.push({
        metric: `server RSS growth receiving a 200 MB upload (${upload.status}, ${formatMs(upload.ms)})`,
        value: formatMb(upload.growth),
        goal: '≤ 50 MB',
      });
      return rows;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
};

export default section;
