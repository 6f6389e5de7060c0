import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaTools, resolveMediaTools } from '#server/media/ffmpeg.ts';
import { ffprobeChapters, ffprobeJson, ffprobeTag, makeClip, makePhoto } from '#test/soul-stories.ts';
import { journeyCards } from './cards.ts';
import {
  CARD_SECONDS,
  cardLines,
  chapterMetadata,
  joinSegments,
  PHOTO_SECONDS,
  renderCardSegment,
  renderPhotoSegment,
  renderVideoSegment,
  SEGMENT,
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

/** Where the sound begins and ends in a file, from its stretches of silence. */
const soundIn = async (tools: MediaTools, file: string) => {
  const { stderr } = await exec(tools.ffmpeg, [
    '-hide_banner',
    '-i',
    file,
    '-vn',
    '-af',
    'silencedetect=noise=-50dB:d=0.02',
    '-f',
    'null',
    '-',
  ]);
  const times = (event: string) =>
    [...stderr.matchAll(new RegExp(`silence_${event}: ([\\d.]+)`, 'g'))].map((match) => Number(match[1]));
  return { starts: times('end'), ends: times('start') };
};

const journeyFacts = {
  firstName: 'Ana',
  route: 'Camino Francés',
  startPlace: 'Saint-Jean-Pied-de-Port',
  finishPlace: 'Santiago',
  startDate: '2026-09-12',
  arrivalDate: '2026-10-14',
  distanceKm: 780,
  compostelaDate: '2026-10-14',
};
const segmentNames = ['opening', 'call', 'photo', 'portrait', 'wide', 'closing'];
const chapterTitles = [
  'Ana · Camino Francés',
  'The Call',
  'The yellow arrow',
  'The Suffering',
  'The Joy',
  'Buen Camino',
];

/** Renders the cards and four memories and joins them; answers the keepsake and where each memory should show. */
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
  const cards = journeyCards(journeyFacts);
  const cardSeconds = [
    await renderCardSegment({
      tools,
      output: segment('opening'),
      card: cards.opening,
      frames: SEGMENT.openingFrames,
    }),
    await renderCardSegment({
      tools,
      output: segment('closing'),
      card: cards.closing,
      frames: SEGMENT.closingFrames,
    }),
  ];
  const output = path.join(work, 'keepsake.mp4');
  await joinSegments({
    tools,
    segments: segmentNames.map((name, index) => ({ file: segment(name), title: chapterTitles[index]! })),
    posterSegment: 1,
    output,
    poster: path.join(work, 'poster.jpg'),
  });
  return { output, seconds, cardSeconds, cards };
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

  it('makes the opening and closing cards a few seconds of whole frames', () => {
    expect(keepsake.cardSeconds).toEqual([CARD_SECONDS.opening, CARD_SECONDS.closing]);
    expect(CARD_SECONDS).toEqual({ opening: 4, closing: 3 });
  });

  it('gives every segment, cards included, the same H.264 parameter sets, so the join can copy the video', async () => {
    const parameterSets = await Promise.all(
      segmentNames.map(async (name) => {
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

  it('gives the cards the same audio as every segment: 48 kHz mono AAC, here silent', async () => {
    const probed = await ffprobeJson(path.join(work, 'opening.segment.mov'));
    const audio = probed.streams.find((stream) => stream.codec_type === 'audio') as Record<string, unknown>;
    expect([audio.codec_name, audio.sample_rate, audio.channels]).toEqual(['aac', '48000', 1]);
    const { stderr } = await exec(tools.ffmpeg, [
      '-i',
      path.join(work, 'opening.segment.mov'),
      '-af',
      'volumedetect',
      '-vn',
      '-f',
      'null',
      '-',
    ]);
    expect(stderr).toMatch(/max_volume: -91\.0 dB/);
  });

  it('draws the journey’s text on the opening card and the Compostela on the closing card', async () => {
    const drawnText = (name: string) => ffprobeTag(path.join(work, `${name}.segment.mov`), 'comment');
    expect(await drawnText('opening')).toBe(
      'Ana · Camino Francés\nSaint-Jean-Pied-de-Port → Santiago\n12 Sep – 14 Oct 2026 · 780 km',
    );
    expect(await drawnText('closing')).toBe('Buen Camino\nCompostela received 14 Oct 2026');
    // Text is drawn in light colours on the dark card: a frame mid-card has light pixels in each line.
    const { stdout } = await exec(
      tools.ffmpeg,
      [
        '-v',
        'error',
        '-ss',
        '2',
        '-i',
        path.join(work, 'opening.segment.mov'),
        '-frames:v',
        '1',
        '-vf',
        'format=gray',
        '-f',
        'rawvideo',
        '-',
      ],
      { encoding: 'buffer', maxBuffer: 4 * 1024 * 1024 },
    );
    const lightRows = new Set<number>();
    for (let index = 0; index < stdout.length; index++)
      if (stdout[index]! > 160) lightRows.add(Math.floor(index / SEGMENT.width));
    const bands = [...lightRows]
      .sort((a, b) => a - b)
      .filter((row, index, rows) => row - rows[index - 1]! > 4);
    expect(bands.length + 1).toBeGreaterThanOrEqual(3);
  });

  it('marks a chapter at the start of every segment, titled after its memory', async () => {
    const chapters = await ffprobeChapters(keepsake.output);
    const lengths = [keepsake.cardSeconds[0]!, ...keepsake.seconds, keepsake.cardSeconds[1]!];
    const starts = lengths.map((_, index) => lengths.slice(0, index).reduce((sum, value) => sum + value, 0));
    expect(chapters.map((chapter) => chapter.title)).toEqual(chapterTitles);
    for (const [index, chapter] of chapters.entries())
      expect(Math.abs(chapter.start - starts[index]!)).toBeLessThan(0.1);
  });

  it('joins them into one H.264/AAC mp4 as long as the sum, audio and video ending together', async () => {
    const expected = [...keepsake.seconds, ...keepsake.cardSeconds].reduce((sum, value) => sum + value, 0);
    const probed = await ffprobeJson(keepsake.output);
    expect(Math.abs(Number(probed.format.duration) - expected)).toBeLessThan(0.5);
    const video = probed.streams.find((stream) => stream.codec_type === 'video')!;
    const audio = probed.streams.find((stream) => stream.codec_type === 'audio')!;
    expect([video.codec_name, video.width, video.height]).toEqual(['h264', 1280, 720]);
    expect(audio.codec_name).toBe('aac');
    expect(Math.abs(Number(video.duration) - Number(audio.duration))).toBeLessThan(0.2);
  });

  it('keeps the memories in order, each fitted to the frame', async () => {
    const starts = [CARD_SECONDS.opening];
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

  it('keeps each memory’s sound with its pictures, and the silence between memories silent', async () => {
    const [call, photo, portrait, wide] = keepsake.seconds as [number, number, number, number];
    const memories = [
      { name: 'call', at: CARD_SECONDS.opening, seconds: call },
      { name: 'portrait', at: CARD_SECONDS.opening + call + photo, seconds: portrait },
      { name: 'wide', at: CARD_SECONDS.opening + call + photo + portrait, seconds: wide },
    ];
    const expected = { starts: [] as number[], ends: [] as number[] };
    for (const { name, at, seconds } of memories) {
      const sound = await soundIn(tools, path.join(work, `${name}.segment.mov`));
      // A clip's sound runs to its segment's end unless it stopped a moment before.
      expected.starts.push(sound.starts[0]! + at);
      expected.ends.push((sound.ends[1] ?? seconds) + at);
    }
    const joined = await soundIn(tools, keepsake.output);
    // The keepsake is silent before the first memory and after the last: one sound per memory, and any
    // other would be a click where two segments meet.
    expect(joined.starts.slice(0, -1)).toHaveLength(3);
    expect(joined.ends.slice(1)).toHaveLength(3);
    // Each within half an AAC frame (10.7 ms) of where its segment places it.
    for (const [index, start] of joined.starts.slice(0, -1).entries())
      expect(Math.abs(start - expected.starts[index]!)).toBeLessThan(0.011);
    for (const [index, end] of joined.ends.slice(1).entries())
      expect(Math.abs(end - expected.ends[index]!)).toBeLessThan(0.011);
  });

  it('decodes from start to end without an error', async () => {
    const { stderr } = await exec(tools.ffmpeg, ['-v', 'error', '-i', keepsake.output, '-f', 'null', '-']);
    expect(stderr).toBe('');
  }, 60_000);

  it('joins a segment rendered before segments carried AAC, encoding its PCM sound at the join', async () => {
    const segment = (name: string) => path.join(work, `${name}.segment.mov`);
    const earlier = path.join(work, 'call-pcm.segment.mov');
    await exec(tools.ffmpeg, [
      ...['-v', 'error', '-y', '-i', segment('call')],
      ...['-map', '0', '-c:v', 'copy', '-c:a', 'pcm_s16le', earlier],
    ]);
    const output = path.join(work, 'with-an-earlier-segment.mp4');
    await joinSegments({
      tools,
      segments: [
        { file: segment('opening'), title: 'Ana · Camino Francés' },
        { file: earlier, title: 'The Call' },
        { file: segment('wide'), title: 'The Joy' },
      ],
      posterSegment: 1,
      output,
      poster: path.join(work, 'with-an-earlier-segment.jpg'),
    });
    const [call, , , wide] = keepsake.seconds as [number, number, number, number];
    const [callSound, wideSound, joined] = await Promise.all([
      soundIn(tools, segment('call')),
      soundIn(tools, segment('wide')),
      soundIn(tools, output),
    ]);
    const expectedStarts = [
      CARD_SECONDS.opening + callSound.starts[0]!,
      CARD_SECONDS.opening + call + wideSound.starts[0]!,
    ];
    // The keepsake ends on the last memory's sound here: no closing card, so no silence after it.
    expect(joined.starts).toHaveLength(2);
    for (const [index, start] of joined.starts.entries())
      expect(Math.abs(start - expectedStarts[index]!)).toBeLessThan(0.011);
    const probed = await ffprobeJson(output);
    expect(Math.abs(Number(probed.format.duration) - (CARD_SECONDS.opening + call + wide))).toBeLessThan(
      0.05,
    );
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
      const { output, seconds, cardSeconds } = await renderKeepsake(tools, work);
      const probed = await ffprobeJson(output, tools.ffprobe);
      const expected = [...seconds, ...cardSeconds].reduce((sum, value) => sum + value, 0);
      expect(Math.abs(Number(probed.format.duration) - expected)).toBeLessThan(0.5);
      // The third track holds the chapters' titles, as QuickTime players read them.
      expect(probed.streams.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'bin_data', 'h264']);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('chapters', () => {
  it('escape the characters FFMETADATA reserves and keep each title on one line', () => {
    expect(
      chapterMetadata([
        { title: 'Ana · My Soul Story', seconds: 4 },
        { title: 'a=b; #1 \\ back\nslash', seconds: 5.5 },
      ]),
    ).toBe(
      ';FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=4000\ntitle=Ana · My Soul Story\n' +
        '[CHAPTER]\nTIMEBASE=1/1000\nSTART=4000\nEND=9500\ntitle=a\\=b\\; \\#1 \\\\ back slash\n',
    );
  });
});

describe('card lines', () => {
  it('wrap a long headline and long details to fit the frame', () => {
    const lines = cardLines({
      headline: 'Maria Dolores · Camino Portugués por la Costa',
      details: ['From Porto, Praça da Liberdade → Santiago de Compostela, Praza do Obradoiro'],
    });
    expect(lines.map((line) => line.text)).toEqual([
      'Maria Dolores · Camino',
      'Portugués por la Costa',
      'From Porto, Praça da Liberdade → Santiago de',
      'Compostela, Praza do Obradoiro',
    ]);
    expect(lines.map((line) => line.style.fontSize)).toEqual([68, 68, 40, 40]);
  });
});

describe('titles', () => {
  it('wrap at word boundaries to fit the frame', () => {
    expect(wrapTitle('Sunrise over the meseta near Castrojeriz with friends we met', 36)).toBe(
      'Sunrise over the meseta near\nCastrojeriz with friends we met',
    );
    expect(wrapTitle('  The   Call ')).toBe('The Call');
  });
});
