import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { MAX_VIDEO_SECONDS } from '#contract/soul-story.ts';
import {
  MediaToolError,
  type MediaTools,
  type Probe,
  probe,
  probeDuration,
  runFfmpeg,
} from '#server/media/ffmpeg.ts';
import { fontDir, fontFamily, fontFile } from './card-font.ts';
import { type CardText, drawableText } from './cards.ts';
import { spliceSegmentAudio } from './keepsake-audio.ts';
import { keepsakeCaptions } from './keepsake-captions.ts';

/**
 * Every segment shares these parameters, so the keepsake is joined by stream copy in seconds:
 * H.264 720p at a constant 30 fps, and 48 kHz mono AAC whose frames the join splices
 * (keepsake-audio.ts), every segment starting with silence.
 */
export const SEGMENT = {
  width: 1280,
  height: 720,
  fps: 30,
  sampleRate: 48_000,
  titleFrames: 60,
  photoFrames: 150,
  openingFrames: 120,
  closingFrames: 90,
} as const;
const samplesPerFrame = SEGMENT.sampleRate / SEGMENT.fps;
export const TITLE_SECONDS = SEGMENT.titleFrames / SEGMENT.fps;
export const PHOTO_SECONDS = SEGMENT.photoFrames / SEGMENT.fps;
export const CARD_SECONDS = {
  opening: SEGMENT.openingFrames / SEGMENT.fps,
  closing: SEGMENT.closingFrames / SEGMENT.fps,
} as const;

export { fontFile };

const CARD_COLOUR = '0x1b2a3a';

/** Generated inputs for a card: a plain background and silence, both endless until the graph trims them. */
const cardBackgroundAndSilence = [
  '-f',
  'lavfi',
  '-i',
  `color=c=${CARD_COLOUR}:s=${SEGMENT.width}x${SEGMENT.height}:r=${SEGMENT.fps}`,
  '-f',
  'lavfi',
  '-i',
  `anullsrc=r=${SEGMENT.sampleRate}:cl=mono`,
];

/**
 * The motion search is cut to the diamond and one refinement pass, which halves the encoder's time
 * (crf keeps the quality; files grow ~1%). Neither option changes the parameter sets, which must be
 * identical in every segment for the join's stream copy.
 */
const x264 = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-x264-params',
  'me=dia:subme=1',
  '-crf',
  '22',
  '-profile:v',
  'high',
  '-pix_fmt',
  'yuv420p',
];
/** Mono AAC (the fast coder) at 48 kHz, spliced at the join without coding it again. */
const segmentAudio = [
  '-c:a',
  'aac',
  '-aac_coder',
  'fast',
  '-b:a',
  '96k',
  '-ar',
  String(SEGMENT.sampleRate),
  '-ac',
  '1',
];

/** Used inside single quotes in a filter graph, where only a quote or backslash would need escaping. */
const quotedPath = (file: string) => {
  if (/['\\]/.test(file)) throw new Error(`unsupported character in media path: ${file}`);
  return `'${file}'`;
};

/**
 * Text from a file, so the pilgrim's words never meet the filter graph's quoting; and drawn as written,
 * since drawtext would otherwise read a % as the start of an expansion.
 */
const drawText = (textFile: string, style: string) =>
  `drawtext=fontfile=${quotedPath(fontFile)}:textfile=${quotedPath(textFile)}:expansion=none:${style}`;

/**
 * drawtext has no wrapping: break the title into lines that fit the frame. A title the card font cannot
 * draw (drawableText) is left out rather than drawn as empty boxes.
 */
export const wrapTitle = (title: string, maxLine = 36): string => {
  const lines: string[] = [];
  let line = '';
  for (const word of (drawableText(title) ?? '').split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length > maxLine && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines.join('\n');
};

/** Whole frames, so audio (1600 samples a frame) and video end on exactly the same instant. */
export const framesFor = (seconds: number) => Math.max(1, Math.round(seconds * SEGMENT.fps));

const fitOntoBlurredFill = (input: string, output: string, width: number, height: number) =>
  `${input}split[fill][fit];` +
  `[fill]scale=${width / 4}:${height / 4}:force_original_aspect_ratio=increase,crop=${width / 4}:${height / 4},boxblur=8:2,scale=${width}:${height}[bg];` +
  `[fit]scale=${width}:${height}:force_original_aspect_ratio=decrease[fg];` +
  // overlay answers with an alpha plane, which every later filter would otherwise carry.
  `[bg][fg]overlay=(W-w)/2:(H-h)/2,format=yuv420p${output}`;

const isWidescreen = (width: number, height: number) =>
  Math.abs(width / height - SEGMENT.width / SEGMENT.height) < 0.01;

export interface SegmentJob {
  tools: MediaTools;
  input: string;
  /** The finished segment; written under a temporary name beside it and renamed only when complete. */
  output: string;
  title: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * The render's own files are named after its output and removed when it ends. The jobs render into
 * the data folder's temporary folder (server/media/temporary-files.ts), whose start-up emptying and
 * hourly sweep remove what a killed render leaves.
 */
const withTemporaryFiles = async <T>(
  output: string,
  work: (temporary: (suffix: string) => string) => Promise<T>,
) => {
  await mkdir(path.dirname(output), { recursive: true });
  const stem = `${output}.${randomUUID()}`;
  const made: string[] = [];
  const temporary = (suffix: string) => {
    const file = `${stem}${suffix}`;
    made.push(file);
    return file;
  };
  try {
    return await work(temporary);
  } finally {
    await Promise.all(made.map((file) => rm(file, { force: true })));
  }
};

/**
 * How long a segment is: known in seconds (generated audio such as apad never ends by itself, so the
 * output is bounded by it), or, for a clip still arriving, as long as the clip, which ends with its
 * last byte (never longer than the longest clip allowed).
 */
type SegmentLength = number | { atMost: number };

/**
 * Encodes a filter graph ending in [v] and [a] with the parameters every segment shares, then
 * publishes the segment under its final name.
 */
const encodeSegment = async (
  job: Pick<SegmentJob, 'tools' | 'output' | 'onProgress' | 'signal'> & { feed?: Readable },
  partial: string,
  inputs: string[],
  graph: string,
  length: SegmentLength,
  outputOptions: string[] = [],
): Promise<void> => {
  await runFfmpeg(
    job.tools,
    [
      ...inputs,
      '-filter_complex',
      graph,
      '-map',
      '[v]',
      '-map',
      '[a]',
      ...x264,
      '-r',
      String(SEGMENT.fps),
      ...segmentAudio,
      ...(typeof length === 'number' ? ['-t', length.toFixed(6)] : ['-t', length.atMost.toFixed(6)]),
      ...outputOptions,
      '-f',
      'mov',
      partial,
    ],
    {
      ...(job.onProgress && typeof length === 'number'
        ? { onProgress: (done: number) => job.onProgress?.(Math.min(1, done / length)) }
        : {}),
      ...(job.signal ? { signal: job.signal } : {}),
      ...(job.feed ? { input: job.feed } : {}),
    },
  );
  await rename(partial, job.output);
};

/** The expected length of a video segment: its title card plus the clip in whole frames. */
export const videoSegmentSeconds = (clipSeconds: number) =>
  TITLE_SECONDS + framesFor(clipSeconds) / SEGMENT.fps;

/** What a clip's graph depends on, read from its first bytes when it is still arriving. */
interface ClipShape {
  width: number;
  height: number;
  hasAudio: boolean;
}

export const clipShapeOf = (probed: Probe): ClipShape => {
  const video = probed.streams.find((stream) => stream.codec_type === 'video');
  if (!video?.width || !video.height) throw new MediaToolError('the clip has no video stream', '');
  const rotated = video.side_data_list?.some((data) => Math.abs(data.rotation ?? 0) === 90) ?? false;
  return {
    width: rotated ? video.height : video.width,
    height: rotated ? video.width : video.height,
    hasAudio: probed.streams.some((stream) => stream.codec_type === 'audio'),
  };
};

/**
 * A title card with the prompt's name, then the clip fitted to 720p (on a blurred fill when not 16:9).
 * With `clipFrames` the clip is cut to whole frames with audio to the same sample; without, it runs to
 * the end of its input, its audio padded with silence until the video ends.
 */
const videoSegmentGraph = (titleFile: string, shape: ClipShape, clipFrames?: number) => {
  const { width: W, height: H, fps, titleFrames } = SEGMENT;
  const fit = isWidescreen(shape.width, shape.height)
    ? `[clip]scale=${W}:${H}[fitted]`
    : fitOntoBlurredFill('[clip]', '[fitted]', W, H);
  const clipAudio = shape.hasAudio ? '[0:a:0]' : '[2:a]';
  const cutVideo = clipFrames === undefined ? '' : `trim=end_frame=${clipFrames},`;
  const cutAudio = clipFrames === undefined ? '' : `,apad,atrim=end_sample=${clipFrames * samplesPerFrame}`;
  return [
    `[1:v]trim=end_frame=${titleFrames},${drawText(titleFile, 'fontsize=76:fontcolor=white:line_spacing=12:x=(w-tw)/2:y=(h-th)/2')},` +
      `fade=t=in:st=0:d=0.4,fade=t=out:st=${TITLE_SECONDS - 0.4}:d=0.4,setsar=1,format=yuv420p[title]`,
    `[2:a]atrim=end_sample=${titleFrames * samplesPerFrame}[titleaudio]`,
    `[0:v:0]fps=${fps},setpts=PTS-STARTPTS[clip]`,
    fit,
    `[fitted]${cutVideo}setpts=PTS-STARTPTS,setsar=1,format=yuv420p[clipvideo]`,
    `${clipAudio}aresample=${SEGMENT.sampleRate}:async=1,aformat=channel_layouts=mono,loudnorm=I=-16:TP=-1.5:LRA=11,` +
      `aresample=${SEGMENT.sampleRate}${cutAudio},asetpts=PTS-STARTPTS[clipaudio]`,
    clipFrames === undefined
      ? // concat pads a segment's audio with silence to its video's end, except the last one's: an empty
        // last segment makes the clip's audio end with its video, wherever that turns out to be.
        `color=s=${W}x${H}:r=${fps},trim=end_frame=0,setsar=1,format=yuv420p[endvideo];` +
        `anullsrc=r=${SEGMENT.sampleRate}:cl=mono,atrim=end_sample=0[endaudio];` +
        '[title][titleaudio][clipvideo][clipaudio][endvideo][endaudio]concat=n=3:v=1:a=1[v][a]'
      : '[title][titleaudio][clipvideo][clipaudio]concat=n=2:v=1:a=1[v][a]',
  ].join(';');
};

/** A title card with the prompt's name, then the clip. Returns the segment's length in seconds. */
export const renderVideoSegment = async (job: SegmentJob & { probed?: Probe }): Promise<number> => {
  const probed = job.probed ?? (await probe(job.tools, job.input));
  const shape = clipShapeOf(probed);
  const clipFrames = framesFor(await probeDuration(job.tools, job.input, probed));
  const seconds = (SEGMENT.titleFrames + clipFrames) / SEGMENT.fps;
  return withTemporaryFiles(job.output, async (temporary) => {
    const titleFile = temporary('.title.txt');
    await writeFile(titleFile, wrapTitle(job.title));
    await encodeSegment(
      job,
      temporary('.partial'),
      ['-i', job.input, ...cardBackgroundAndSilence],
      videoSegmentGraph(titleFile, shape, clipFrames),
      seconds,
    );
    return seconds;
  });
};

export interface StreamedSegmentJob extends Omit<SegmentJob, 'input' | 'onProgress'> {
  /** The clip's bytes in order as they arrive; the segment is finished when this stream ends. */
  input: Readable;
  /** Its shape, read from its first bytes. */
  shape: ClipShape;
}

/**
 * The same segment as renderVideoSegment, made while the clip is still arriving (a WebM, which needs
 * no seeking): the encoder works as the bytes come, so the segment is done moments after the last.
 */
export const renderStreamedVideoSegment = (job: StreamedSegmentJob): Promise<void> =>
  withTemporaryFiles(job.output, async (temporary) => {
    const titleFile = temporary('.title.txt');
    await writeFile(titleFile, wrapTitle(job.title));
    await encodeSegment(
      { ...job, feed: job.input },
      temporary('.partial'),
      ['-f', 'webm', '-i', 'pipe:0', ...cardBackgroundAndSilence],
      videoSegmentGraph(titleFile, job.shape),
      { atMost: TITLE_SECONDS + MAX_VIDEO_SECONDS + 1 },
    );
  });

/** A photo for a few seconds with a gentle zoom and its title, fitted onto a blurred fill. */
export const renderPhotoSegment = async (job: SegmentJob): Promise<number> => {
  const { width: W, height: H, fps, photoFrames } = SEGMENT;
  return withTemporaryFiles(job.output, async (temporary) => {
    // zoompan crops in whole pixels of its source: a still 1.5× the frame keeps each step under a pixel
    // on screen, at half the cost of 2×.
    const [stillWidth, stillHeight] = [W * 1.5, H * 1.5];
    // sharp applies the EXIF orientation and shrinks a large photo once, instead of ffmpeg per frame.
    const still = temporary('.still.png');
    try {
      await sharp(job.input)
        .rotate()
        .resize(stillWidth, stillHeight, { fit: 'inside', withoutEnlargement: false })
        .png({ compressionLevel: 1 })
        .toFile(still);
    } catch (error) {
      throw new MediaToolError('the photo could not be decoded', (error as Error).message);
    }
    const titleFile = temporary('.title.txt');
    await writeFile(titleFile, wrapTitle(job.title, 40));
    const seconds = photoFrames / fps;
    const graph = [
      fitOntoBlurredFill('[0:v]', '[composed]', stillWidth, stillHeight),
      `[composed]zoompan=z='1+0.08*on/${photoFrames}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${photoFrames}:s=${W}x${H}:fps=${fps},` +
        `${drawText(titleFile, 'fontsize=44:fontcolor=white:line_spacing=8:box=1:boxcolor=black@0.45:boxborderw=18:x=(w-tw)/2:y=h-th-70')},` +
        `fade=t=in:st=0:d=0.5,fade=t=out:st=${seconds - 0.5}:d=0.5,trim=end_frame=${photoFrames},setsar=1,format=yuv420p[v]`,
      `[1:a]atrim=end_sample=${photoFrames * samplesPerFrame}[a]`,
    ].join(';');
    await encodeSegment(
      job,
      temporary('.partial'),
      ['-i', still, '-f', 'lavfi', '-i', `anullsrc=r=${SEGMENT.sampleRate}:cl=mono`],
      graph,
      seconds,
    );
    return seconds;
  });
};

const CARD_LINES = {
  headline: { fontSize: 68, lineHeight: 88, maxLine: 28, colour: 'white' },
  detail: { fontSize: 40, lineHeight: 58, maxLine: 46, colour: '0xeadfc8' },
} as const;
const HEADLINE_GAP = 30;

export interface CardJob {
  tools: MediaTools;
  output: string;
  card: CardText;
  frames: number;
  signal?: AbortSignal;
}

/** The lines a card draws, wrapped to fit the frame, as drawn (kept in the segment's `comment` tag). */
export const cardLines = (card: CardText) => [
  ...wrapTitle(card.headline, CARD_LINES.headline.maxLine)
    .split('\n')
    .map((text) => ({ text, style: CARD_LINES.headline })),
  ...card.details.flatMap((detail) =>
    wrapTitle(detail, CARD_LINES.detail.maxLine)
      .split('\n')
      .map((text) => ({ text, style: CARD_LINES.detail })),
  ),
];

/**
 * An opening or closing card: its lines centred one by one on the cards' colour, with silence, encoded
 * with the parameters every segment shares so the join still copies the video. A still frame costs the
 * encoder little.
 */
export const renderCardSegment = async (job: CardJob): Promise<number> => {
  const { height: H, fps } = SEGMENT;
  const lines = cardLines(job.card);
  const blockHeight =
    lines.reduce((sum, line) => sum + line.style.lineHeight, 0) +
    (job.card.details.length ? HEADLINE_GAP : 0);
  const seconds = job.frames / fps;
  return withTemporaryFiles(job.output, async (temporary) => {
    let top = Math.round((H - blockHeight) / 2);
    const drawn: string[] = [];
    for (const [index, line] of lines.entries()) {
      const textFile = temporary(`.line${index}.txt`);
      await writeFile(textFile, line.text);
      const { fontSize, lineHeight, colour } = line.style;
      drawn.push(
        drawText(
          textFile,
          `fontsize=${fontSize}:fontcolor=${colour}:x=(w-tw)/2:y=${top + (lineHeight - fontSize) / 2}`,
        ),
      );
      const endsHeadline =
        line.style === CARD_LINES.headline && lines[index + 1]?.style === CARD_LINES.detail;
      top += lineHeight + (endsHeadline ? HEADLINE_GAP : 0);
    }
    const graph = [
      `[0:v]trim=end_frame=${job.frames},${drawn.join(',')},` +
        `fade=t=in:st=0:d=0.5,fade=t=out:st=${seconds - 0.5}:d=0.5,setsar=1,format=yuv420p[v]`,
      `[1:a]atrim=end_sample=${job.frames * samplesPerFrame}[a]`,
    ].join(';');
    await encodeSegment(job, temporary('.partial'), cardBackgroundAndSilence, graph, seconds, [
      '-metadata',
      `comment=${lines.map((line) => line.text).join('\n')}`,
    ]);
    return seconds;
  });
};

export interface JoinedSegment {
  file: string;
  /** The chapter's title in players' menus. */
  title: string;
  /** A take's WebVTT captions, timed from the start of its clip, which plays after the segment's title card. */
  captions?: string;
}

export interface JoinJob {
  tools: MediaTools;
  segments: JoinedSegment[];
  /** Which segment the poster frame comes from: the first memory, not the opening card. */
  posterSegment: number;
  output: string;
  poster: string;
  /**
   * Where the keepsake's WebVTT file goes, and the ISO 639-2 language its subtitle track is tagged with;
   * both are made only when a segment has a cue.
   */
  captions?: { output: string; language: string };
  onProgress?: (outputSeconds: number) => void;
}

const concatList = (segments: JoinedSegment[]) =>
  segments.map(({ file }) => `file '${file.replaceAll("'", "'\\''")}'`).join('\n');

/** FFMETADATA's special characters are escaped with a backslash; a title is one line. */
const metadataValue = (value: string) => value.replace(/\s+/g, ' ').replace(/[\\=;#]/g, '\\$&');

/** One chapter per segment, starting where the concat demuxer places it: after the lengths before it. */
export const chapterMetadata = (segments: { title: string; seconds: number }[]) => {
  let start = 0;
  const chapters = segments.map(({ title, seconds }) => {
    const end = start + seconds;
    const chapter = [
      '[CHAPTER]',
      'TIMEBASE=1/1000',
      `START=${Math.round(start * 1000)}`,
      `END=${Math.round(end * 1000)}`,
      `title=${metadataValue(title)}`,
    ].join('\n');
    start = end;
    return chapter;
  });
  return `;FFMETADATA1\n${chapters.join('\n')}\n`;
};

/** The end of a stream's last packet, in seconds, from ffmpeg's framecrc listing of its packets. */
const framecrcSeconds = (listing: string) => {
  const timeBase = /^#tb 0: (\d+)\/(\d+)$/m.exec(listing);
  if (!timeBase) throw new MediaToolError('the packet listing has no time base', listing.slice(0, 200));
  let end = 0;
  for (const line of listing.split('\n')) {
    if (line.startsWith('#') || !line.trim()) continue;
    const [, , pts, duration] = line.split(',').map((field) => Number(field.trim()));
    if (Number.isFinite(pts) && Number.isFinite(duration)) end = Math.max(end, pts! + duration!);
  }
  return (end * Number(timeBase[1])) / Number(timeBase[2]);
};

/**
 * What the join needs of each segment, in one ffmpeg run that only copies: its audio as ADTS, and
 * its video's exact length from the list of its packets (nine ffprobe runs took half a second).
 * A segment rendered before segments carried AAC (PCM) fails the copy; then those are found with
 * ffprobe and their sound encoded.
 */
const readSegments = async (tools: MediaTools, files: string[], temporary: (suffix: string) => string) => {
  const audio = files.map((_, index) => temporary(`.${index}.aac`));
  const packets = files.map((_, index) => temporary(`.${index}.packets`));
  const read = (encoded: boolean[]) =>
    runFfmpeg(tools, [
      ...files.flatMap((file) => ['-i', file]),
      ...files.flatMap((_, index) => [
        ...['-map', `${index}:a:0`, ...(encoded[index] ? segmentAudio : ['-c:a', 'copy'])],
        ...['-f', 'adts', audio[index]!],
        ...['-map', `${index}:v:0`, '-c:v', 'copy', '-f', 'framecrc', packets[index]!],
      ]),
    ]);
  await read(files.map(() => false)).catch(async (error: unknown) => {
    if (!(error instanceof MediaToolError)) throw error;
    const probed = await Promise.all(files.map((file) => probe(tools, file)));
    const encoded = probed.map(
      (info) => info.streams.find((stream) => stream.codec_type === 'audio')?.codec_name !== 'aac',
    );
    if (!encoded.some(Boolean)) throw error;
    await read(encoded);
  });
  return Promise.all(
    files.map(async (_, index) => ({
      adts: await readFile(audio[index]!),
      seconds: framecrcSeconds(await readFile(packets[index]!, 'utf8')),
    })),
  );
};

/** Each captioned segment's captions, placed after its title card, where the concat demuxer plays it. */
const placedCaptions = (segments: JoinedSegment[], lengths: { seconds: number }[]) => {
  let start = 0;
  return segments.flatMap(({ captions }, index) => {
    const [segmentStart, end] = [start, start + lengths[index]!.seconds];
    start = end;
    return captions === undefined ? [] : [{ vtt: captions, start: segmentStart + TITLE_SECONDS, end }];
  });
};

/**
 * Joins the segments in order without encoding anything again: the video by stream copy through the
 * concat demuxer, the AAC audio spliced frame by frame (keepsake-audio.ts), a chapter for each
 * segment, and the takes' captions as one soft subtitle track (mov_text: text, muxed in the same pass
 * at no cost); a poster frame alongside. Answers whether the keepsake has captions.
 */
export const joinSegments = async (job: JoinJob): Promise<{ captioned: boolean }> =>
  withTemporaryFiles(job.output, async (temporary) => {
    const list = temporary('.list.txt');
    await writeFile(list, concatList(job.segments));
    const segments = await readSegments(
      job.tools,
      job.segments.map(({ file }) => file),
      temporary,
    );
    const chapters = temporary('.chapters.txt');
    await writeFile(
      chapters,
      chapterMetadata(job.segments.map(({ title }, index) => ({ title, seconds: segments[index]!.seconds }))),
    );
    const vtt = job.captions ? keepsakeCaptions(placedCaptions(job.segments, segments)) : null;
    const captions = temporary('.vtt');
    if (vtt) await writeFile(captions, vtt);
    const partial = temporary('.partial');
    const posterPartial = temporary('.poster');
    const audio = temporary('.aac');
    // The poster is made while the join runs; a memory can be short.
    const posterSeconds = segments[job.posterSegment]!.seconds;
    const posterAt = Math.min(TITLE_SECONDS + 1, posterSeconds * 0.75);
    const join = async () => {
      await writeFile(
        audio,
        spliceSegmentAudio(
          segments.map(({ adts, seconds }) => ({ adts, samples: Math.round(seconds * SEGMENT.sampleRate) })),
        ),
      );
      await runFfmpeg(
        job.tools,
        [
          '-f',
          'concat',
          '-safe',
          '0',
          '-i',
          list,
          '-i',
          audio,
          '-f',
          'ffmetadata',
          '-i',
          chapters,
          ...(vtt ? ['-f', 'webvtt', '-i', captions] : []),
          '-map',
          '0:v:0',
          '-map',
          '1:a:0',
          ...(vtt ? ['-map', '3:s:0'] : []),
          '-map_metadata',
          '2',
          '-map_chapters',
          '2',
          '-c',
          'copy',
          ...(vtt ? ['-c:s', 'mov_text', '-metadata:s:s:0', `language=${job.captions!.language}`] : []),
          '-movflags',
          '+faststart',
          '-f',
          'mp4',
          partial,
        ],
        job.onProgress ? { onProgress: job.onProgress } : {},
      );
    };
    await Promise.all([
      join(),
      runFfmpeg(job.tools, [
        '-ss',
        posterAt.toFixed(3),
        '-i',
        job.segments[job.posterSegment]!.file,
        '-frames:v',
        '1',
        '-q:v',
        '3',
        '-f',
        'image2',
        '-c:v',
        'mjpeg',
        posterPartial,
      ]),
    ]);
    await rename(posterPartial, job.poster);
    if (vtt) await rename(captions, job.captions!.output);
    await rename(partial, job.output);
    return { captioned: vtt !== null };
  });

/**
 * How the words are drawn: in the cards' font, white with a dark outline that stays legible on any
 * picture, near the bottom. libass measures in its script's units, set here to the frame's own pixels.
 */
const drawnCaptionsStyle = [
  `PlayResX=${SEGMENT.width}`,
  `PlayResY=${SEGMENT.height}`,
  `FontName=${fontFamily}`,
  'FontSize=46',
  'PrimaryColour=&H00FFFFFF',
  'OutlineColour=&H00000000',
  'BorderStyle=1',
  'Outline=3',
  'Shadow=0',
  'MarginV=44',
].join(',');

export interface CaptionedJob {
  tools: MediaTools;
  /** The finished keepsake and its WebVTT captions. */
  video: string;
  captions: string;
  output: string;
  signal?: AbortSignal;
}

/**
 * The keepsake with its captions drawn on the picture (libass), for apps that ignore a subtitle track:
 * the video encoded again as every segment is, the sound and chapters copied, no subtitle stream.
 * Bounded by the keepsake's length, so it is exactly as long and its time limit is the render's own.
 */
export const renderCaptionedKeepsake = async (job: CaptionedJob): Promise<void> => {
  const seconds = await probeDuration(job.tools, job.video);
  await withTemporaryFiles(job.output, async (temporary) => {
    const partial = temporary('.partial');
    await runFfmpeg(
      job.tools,
      [
        '-i',
        job.video,
        '-filter_complex',
        `[0:v:0]subtitles=filename=${quotedPath(job.captions)}:fontsdir=${quotedPath(fontDir)}:force_style='${drawnCaptionsStyle}'[v]`,
        '-map',
        '[v]',
        '-map',
        '0:a:0',
        ...x264,
        '-c:a',
        'copy',
        '-sn',
        '-t',
        seconds.toFixed(6),
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        partial,
      ],
      job.signal ? { signal: job.signal } : {},
    );
    await rename(partial, job.output);
  });
};
