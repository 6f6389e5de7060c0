import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const ffmpeg = (args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);

export interface ProbedMedia {
  duration: number;
  streams: { codec_type: string; codec_name: string }[];
}

export const ffprobe = async (file: string): Promise<ProbedMedia> => {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration:stream=codec_type,codec_name',
    '-of',
    'json',
    file,
  ]);
  const parsed = JSON.parse(stdout) as { format: { duration: string }; streams: ProbedMedia['streams'] };
  return { duration: Number(parsed.format.duration), streams: parsed.streams };
};

/** Decodes every frame; ffmpeg prints nothing on stderr for a clean file. */
export const decodeErrors = async (file: string): Promise<string> =>
  (await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'])).stderr;

/** Small real media made on the spot: JPEG photos, a short WebM clip and a file that is no image. */
export const makeTestMedia = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'soul-story-e2e-'));
  const photo = async (name: string, color: string) => {
    const file = path.join(dir, name);
    await ffmpeg(['-f', 'lavfi', '-i', `color=c=${color}:s=640x480`, '-frames:v', '1', file]);
    return file;
  };
  const clip = path.join(dir, 'reflection.webm');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=15',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '1.5',
    '-c:v',
    'libvpx',
    '-c:a',
    'libopus',
    clip,
  ]);
  const notAnImage = path.join(dir, 'notes.txt');
  await writeFile(notAnImage, 'Buen Camino!\n');
  const renamedText = path.join(dir, 'renamed.png');
  await writeFile(renamedText, 'Buen Camino!\n');
  return {
    dir,
    photos: [
      await photo('meseta.jpg', 'gold'),
      await photo('cruz.jpg', 'navy'),
      await photo('finisterre.jpg', 'teal'),
    ],
    clip,
    notAnImage,
    renamedText,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
};
