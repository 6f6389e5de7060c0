import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { type MediaTools, probe, probeDuration, resolveMediaTools } from '#server/media/ffmpeg.ts';
import { photoRefusal, videoRefusal } from '#server/modules/soul-story/admission.ts';
import { ffmpeg } from '#test/soul-stories.ts';
import { type BenchSection, formatMs, loadAverage, median } from './section.ts';

/**
 * The probe at the door (decision 026): what judging one upload costs before it is accepted, for a
 * minute's take, the longest take allowed (ten minutes: its every packet is listed) and a 12-megapixel
 * photo. Media are made once and kept in .tmp.
 */
const root = path.resolve(import.meta.dirname, '..');
const cache = path.join(root, '.tmp/bench-media');
const tools = resolveMediaTools({});
/** Beside the app's probe, the system's own ffprobe (next to its ffmpeg), which it used before. */
const systemProbeTools =
  tools.source === 'system' ? { ...tools, ffprobe: path.join(path.dirname(tools.ffmpeg), 'ffprobe') } : null;
const ROUNDS = 9;

/** A camera-like WebM (30 fps VP8 and Opus, so as many packets as a real recording) of this length. */
const take = async (seconds: number) => {
  const file = path.join(cache, `admission-${seconds}s.webm`);
  if (existsSync(file)) return file;
  await mkdir(cache, { recursive: true });
  const partial = `${file}.partial.webm`;
  await ffmpeg(
    [
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', String(seconds), '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8'],
      ...['-b:v', '300k', '-c:a', 'libopus', '-live', '1', partial],
    ],
    tools.ffmpeg,
  );
  await rename(partial, file);
  return file;
};

const photo = async () => {
  const file = path.join(cache, 'admission-12mp.jpg');
  if (existsSync(file)) return file;
  await mkdir(cache, { recursive: true });
  await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#c8a060' } })
    .jpeg()
    .toFile(file);
  return file;
};

/** What save() runs for a video: one probe listing the packets, its length, and the limits. */
const admitVideo = async (tools: MediaTools, file: string) => {
  const probed = await probe(tools, file, { packets: true });
  await probeDuration(tools, file, probed);
  if (videoRefusal(probed)) throw new Error(`${file} is refused`);
};

const timed = async (work: () => Promise<unknown>) => {
  await work();
  const runs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await work();
    runs.push(performance.now() - started);
  }
  return median(runs);
};

const section: BenchSection = {
  name: 'Probe at the door',
  run: async () => {
    const [minute, tenMinutes, still] = [await take(60), await take(600), await photo()];
    const videoRows = async (label: string, probeWith: MediaTools) => [
      {
        metric: `video, 1-minute take, ${label} (median)`,
        value: formatMs(await timed(() => admitVideo(probeWith, minute))),
        goal: '≤ 50 ms',
      },
      {
        metric: `video, 10-minute take, ${label} (median)`,
        value: formatMs(await timed(() => admitVideo(probeWith, tenMinutes))),
      },
    ];
    return [
      ...(await videoRows(
        `the app's ffprobe (${tools.ffprobe === systemProbeTools?.ffprobe ? 'the system’s' : 'static build'})`,
        tools,
      )),
      ...(systemProbeTools ? await videoRows(`before: the system's ffprobe`, systemProbeTools) : []),
      {
        metric: 'photo, 12 megapixels (median)',
        value: formatMs(
          await timed(async () => {
            if (await photoRefusal(still)) throw new Error('the photo is refused');
          }),
        ),
        goal: '≤ 50 ms',
      },
      { metric: 'load average (1, 5, 15 min)', value: loadAverage() },
    ];
  },
};

export default section;
