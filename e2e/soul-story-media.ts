import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { baseURL, SERVER_WORK_TIMEOUT } from './fixtures.ts';

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

export type TestMedia = Awaited<ReturnType<typeof makeTestMedia>>;

/** Makes the test media before a file's tests and removes it after them. */
export const useTestMedia = (): (() => TestMedia) => {
  let media: TestMedia | undefined;
  beforeAll(async () => {
    media = await makeTestMedia();
  });
  afterAll(async () => {
    await media?.cleanup();
  });
  return () => {
    if (!media) throw new Error('the test media is made in beforeAll');
    return media;
  };
};

/** Saves a memory straight through the API, as the Soul Story page would. */
export const uploadMemory = async (access: string, file: string, type: string, title: string) => {
  const form = new FormData();
  form.append('title', title);
  form.append('type', type);
  const mimeType = type === 'photo' ? 'image/jpeg' : 'video/webm';
  form.append('media', new Blob([await readFile(file)], { type: mimeType }), path.basename(file));
  return fetch(`${baseURL()}/api/soulstory/upload/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    body: form,
  });
};

/**
 * Waits until `saved` holds. A refusal the page shows ("Upload Failed") fails the test at once with the
 * page's own words, rather than as a timeout.
 */
export const waitUntilSaved = async (page: Page, saved: () => Promise<boolean>) => {
  const failure = page.getByRole('alert').filter({ hasText: 'Upload Failed' }).first();
  for (const deadline = Date.now() + SERVER_WORK_TIMEOUT; Date.now() < deadline; ) {
    if ((await failure.count()) > 0) throw new Error(`Upload failed: ${await failure.innerText()}`);
    if (await saved()) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`Saving took more than ${SERVER_WORK_TIMEOUT / 1000} s`);
};

/** Presses Save and waits for the take to leave the preview. */
export const saveTake = async (page: Page) => {
  const save = page.getByRole('button', { name: 'Save to My Story' });
  await save.click();
  await waitUntilSaved(page, async () => (await save.count()) === 0);
};

/**
 * Records a take with the fake camera and waits for its preview. It records for `seconds`, and at least
 * until the recorder's first chunk (a second of media) has reached the server: on a busy machine the
 * camera may not deliver a frame for a while, and a take stopped before any is no video at all.
 */
export const recordTake = async (page: Page, seconds = 1.2) => {
  await page.getByRole('button', { name: 'Record Now' }).click();
  await page.getByRole('button', { name: 'Stop Recording' }).waitFor();
  await Promise.all([
    page.waitForTimeout(seconds * 1000),
    page.getByText(/ · [1-9]\d*% uploaded$/).waitFor({ timeout: SERVER_WORK_TIMEOUT }),
  ]);
  await page.getByRole('button', { name: 'Stop Recording' }).click();
  await page.getByRole('button', { name: 'Save to My Story' }).waitFor();
};
