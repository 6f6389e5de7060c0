import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vttTime } from '#contract/webvtt-time.ts';
import { probeDuration, resolveMediaTools, runFfmpeg } from '#server/media/ffmpeg.ts';
import { renderCaptionedKeepsake, SEGMENT } from '#server/modules/soul-story/render.ts';
import { type BenchSection, formatMs, loadAverage } from './section.ts';

const tools = resolveMediaTools({});

/** A keepsake of four long takes, their cards and three photos runs about this long. */
const KEEPSAKE_SECONDS = 270;
const CUE_EVERY_SECONDS = 3;

/** A cue every few seconds, each a line or two of a reflection, as a captioned keepsake has them. */
const syntheticCaptions = () => {
  const cues: string[] = [];
  for (let start = 0; start + CUE_EVERY_SECONDS <= KEEPSAKE_SECONDS; start += CUE_EVERY_SECONDS) {
    const words =
      cues.length % 2
        ? 'The meseta was endless, and I found I did not mind.'
        : 'Buen Camino, said the woman at the fountain,\nand I walked on lighter.';
    cues.push(`${vttTime(start)} --> ${vttTime(start + CUE_EVERY_SECONDS - 0.2)}\n${words}`);
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
};

/**
 * A keepsake-like mp4 as the join writes one: H.264 720p at 30 fps, mono AAC, the captions as a
 * mov_text track. The test pattern moves on every frame, though it costs the encoder less than a camera's picture.
 */
const makeKeepsake = (output: string, captions: string) =>
  runFfmpeg(tools, [
    ...['-f', 'lavfi', '-i', `testsrc=size=${SEGMENT.width}x${SEGMENT.height}:rate=${SEGMENT.fps}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=${SEGMENT.sampleRate}`],
    ...['-f', 'webvtt', '-i', captions],
    ...['-map', '0:v', '-map', '1:a', '-map', '2:s'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '22', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '96k', '-ac', '1', '-c:s', 'mov_text'],
    ...['-t', String(KEEPSAKE_SECONDS), '-movflags', '+faststart', '-f', 'mp4', output],
  ]);

const section: BenchSection = {
  name: 'Captioned keepsake',
  run: async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'bench-captioned-'));
    try {
      const [video, captions, output] = ['keepsake.mp4', 'keepsake.vtt', 'captioned.mp4'].map((name) =>
        path.join(work, name),
      ) as [string, string, string];
      await writeFile(captions, syntheticCaptions());
      await makeKeepsake(video, captions);
      const seconds = await probeDuration(tools, video);
      const started = performance.now();
      await renderCaptionedKeepsake({ tools, video, captions, output });
      const ms = performance.now() - started;
      return [
        { metric: `captioned render of a ${(seconds / 60).toFixed(1)}-minute keepsake`, value: formatMs(ms) },
        {
          metric: 'render time / keepsake length',
          value: `${(ms / 1000 / seconds).toFixed(2)} x`,
          goal: '≤ 0.5',
        },
        {
          metric: 'captioned length − keepsake length',
          value: formatMs(((await probeDuration(tools, output)) - seconds) * 1000),
        },
        { metric: 'load average (1, 5, 15 min)', value: loadAverage() },
      ];
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
};

export default section;
