import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaTools, resolveMediaTools } from '#server/media/ffmpeg.ts';
import { ffprobeJson, makeClip, makePhoto } from '#test/soul-stories.ts';
import {
  joinSegments,
  PHOTO_SECONDS,
  renderPhotoSegment,
  renderVideoSegment,
  TITLE_SECONDS,
  wrapTitle,
} from './render.ts';

const exec = promisify(execFile);

/** The average colour of a patch in the middle of the frame at `seconds`. */
const colourAt = async (tools: MediaTools, file: string, seconds: number) => {
  const { stdout } = await exec(
    tools.ffmpeg,
    [
      '-v',
      'error',
      '-ss',
      String(seconds),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      'crop=32:32:624:344',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 1024 * 1024 },
  );
  const sums = [0, 0, 0];
  for (let index = 0; index < stdout.length; index += 3)
    for (let channel = 0; channel < 3; channel++) sums[channel]! += stdout[index + channel]!;
  const pixels = stdout.length / 3;
  return sums.map((sum) => Math.round(sum / pixels)) as [number, number, number];
};

const dominant = ([red, green, blue]: [number, number, number]) => {
  if (red > 150 && green > 150 && blue < 100) return 'yellow';
  if (red > 150 && green < 100 && blue < 100) return 'red';
  if (green > 100 && red < 100 && blue < 100) return 'green';
  if (blue > 150 && red < 100 && green < 100) return 'blue';
  return `other ${red},${green},${blue}`;
};

/** Renders four memories and joins them; answers the keepsake and where each memory should show. */
const renderKeepsake = async (tools: MediaTools, work: string) => {
  const inputs = {
    call: path.join(work, 'call.webm'),
    portrait: path.join(work, 'portrait.mp4'),
    photo: path.join(work, 'photo.jpg'),
    wide: path.join(work, 'wide.webm'),
  };
  await Promise.all([
    makeClip(inputs.call, { seconds: 1.5, colour: 'red', frequency: 440 }),
    makeClip(inputs.portrait, {
      seconds: 1,
      colour: 'green',
      size: '180x320',
      format: 'mp4',
      frequency: 660,
    }),
    makePhoto(inputs.photo, '400x300', 'yellow'),
    makeClip(inputs.wide, { seconds: 1.2, colour: 'blue', size: '640x480', frequency: 880 }),
  ]);
  const segment = (name: string) => path.join(work, `${name}.segment.mov`);
  const seconds = [
    await renderVideoSegment({ tools, input: inputs.call, output: segment('call'), title: 'The Call' }),
    await renderPhotoSegment({
      tools,
      input: inputs.photo,
      output: segment('photo'),
      title: 'The yellow arrow',
    }),
    await renderVideoSegment({
      tools,
      input: inputs.portrait,
      output: segment('portrait'),
      title: 'The Suffering',
    }),
    await renderVideoSegment({ tools, input: inputs.wide, output: segment('wide'), title: 'The Joy' }),
  ];
  const output = path.join(work, 'keepsake.mp4');
  await joinSegments({
    tools,
    segments: ['call', 'photo', 'portrait', 'wide'].map(segment),
    output,
    poster: path.join(work, 'poster.jpg'),
  });
  return { output, seconds };
};

describe('the keepsake pipeline on the system’s ffmpeg', () => {
  const tools = resolveMediaTools({});
  let work: string;
  let keepsake: Awaited<ReturnType<typeof renderKeepsake>>;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'keepsake-'));
    keepsake = await renderKeepsake(tools, work);
  }, 300_000);

  afterAll(() => rm(work, { recursive: true, force: true }));

  it('uses the system’s binaries', () => {
    expect(tools.source).toBe('system');
  });

  it('makes segments of whole frames: title card plus clip, or the photo’s few seconds', () => {
    const nominal = [TITLE_SECONDS + 1.5, PHOTO_SECONDS, TITLE_SECONDS + 1, TITLE_SECONDS + 1.2];
    for (const [index, seconds] of keepsake.seconds.entries()) {
      expect(Number.isInteger(Math.round(seconds * 30 * 1000) / 1000)).toBe(true);
      expect(Math.abs(seconds - nominal[index]!)).toBeLessThanOrEqual(1 / 30 + 1e-9);
    }
  });

  it('gives every segment the same H.264 parameter sets, so the join can copy the video', async () => {
    const parameterSets = await Promise.all(
      ['call', 'photo', 'portrait', 'wide'].map(async (name) => {
        const { stdout } = await exec(tools.ffprobe, [
          '-v',
          'error',
          '-select_streams',
          'v',
          '-show_data',
          '-show_entries',
          'stream=extradata',
          path.join(work, `${name}.segment.mov`),
        ]);
        return stdout;
      }),
    );
    expect(parameterSets[0]).toMatch(/extradata=\n00000000: 01/);
    expect(new Set(parameterSets).size).toBe(1);
  });

  it('joins them into one H.264/AAC mp4 as long as the sum, audio and video ending together', async () => {
    const expected = keepsake.seconds.reduce((sum, value) => sum + value, 0);
    const probed = await ffprobeJson(keepsake.output);
    expect(Math.abs(Number(probed.format.duration) - expected)).toBeLessThan(0.5);
    const video = probed.streams.find((stream) => stream.codec_type === 'video')!;
    const audio = probed.streams.find((stream) => stream.codec_type === 'audio')!;
    expect([video.codec_name, video.width, video.height]).toEqual(['h264', 1280, 720]);
    expect(audio.codec_name).toBe('aac');
    expect(Math.abs(Number(video.duration) - Number(audio.duration))).toBeLessThan(0.2);
  });

  it('keeps the memories in order, each fitted to the frame', async () => {
    const starts = [0];
    for (const seconds of keepsake.seconds) starts.push(starts.at(-1)! + seconds);
    const middleOfClip = (index: number, hasTitle: boolean) =>
      starts[index]! +
      (hasTitle ? TITLE_SECONDS : 0) +
      (keepsake.seconds[index]! - (hasTitle ? TITLE_SECONDS : 0)) / 2;
    expect(dominant(await colourAt(tools, keepsake.output, middleOfClip(0, true)))).toBe('red');
    expect(dominant(await colourAt(tools, keepsake.output, middleOfClip(1, false)))).toBe('yellow');
    expect(dominant(await colourAt(tools, keepsake.output, middleOfClip(2, true)))).toBe('green');
    expect(dominant(await colourAt(tools, keepsake.output, middleOfClip(3, true)))).toBe('blue');
  }, 60_000);

  it('decodes from start to end without an error', async () => {
    const { stderr } = await exec(tools.ffmpeg, ['-v', 'error', '-i', keepsake.output, '-f', 'null', '-']);
    expect(stderr).toBe('');
  }, 60_000);
});

describe('the registry’s static ffmpeg and ffprobe', () => {
  it('are used when the system has none and none are configured', () => {
    expect(resolveMediaTools({}, '').source).toBe('registry');
    expect(resolveMediaTools({ FFMPEG_PATH: '/opt/ffmpeg', FFPROBE_PATH: '/opt/ffprobe' }, '')).toEqual({
      ffmpeg: '/opt/ffmpeg',
      ffprobe: '/opt/ffprobe',
      source: 'configured',
    });
  });

  it('render a tiny keepsake too', async () => {
    const tools = resolveMediaTools({}, '');
    const work = await mkdtemp(path.join(tmpdir(), 'keepsake-registry-'));
    try {
      const { output, seconds } = await renderKeepsake(tools, work);
      const probed = await ffprobeJson(output, tools.ffprobe);
      const expected = seconds.reduce((sum, value) => sum + value, 0);
      expect(Math.abs(Number(probed.format.duration) - expected)).toBeLessThan(0.5);
      expect(probed.streams.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264']);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('titles', () => {
  it('wrap at word boundaries to fit the frame', () => {
    expect(wrapTitle('Sunrise over the meseta near Castrojeriz with friends we met', 36)).toBe(
      'Sunrise over the meseta near\nCastrojeriz with friends we met',
    );
    expect(wrapTitle('  The   Call ')).toBe('The Call');
  });
});
