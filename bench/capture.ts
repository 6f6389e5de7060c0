import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type CDPSession, chromium, type Page, type Request } from 'playwright-core';
import { promptIds } from '#contract/prompts.ts';
import type { ConcatenatedResponse, SoulStoryItem, StoryType } from '#contract/soul-story.ts';
import { browserTestServer } from '#test/app-process.ts';
import { ffmpeg } from '#test/soul-stories.ts';
import { signUp } from '#test/users.ts';
import { storeSession } from '../e2e/browser-session.ts';
import { chromiumArgs } from '../e2e/global-setup.ts';
import { type BenchRow, type BenchSection, formatMb, formatMs } from './section.ts';

/**
 * A pilgrim's whole capture on a phone's mobile link, in Chromium with its fake camera: three 12 MP
 * photos, then four takes recorded (and uploaded while recorded), one of them through a 5 s outage,
 * the first three captioned once saved. What counts is the wait after the last Save until the keepsake plays, and what the outage costs in bytes.
 * `CAPTURE_TAKE_SECONDS=10` makes a quick run; the figure is for 60 s takes. Needs the built web
 * app (`vite build`), which the server serves.
 */
const TAKE_SECONDS = Number(process.env.CAPTURE_TAKE_SECONDS ?? 60);
const OUTAGE_MS = 5000;
/** The link: 5 Mbit/s up, 20 Mbit/s down, 80 ms latency (CDP counts bytes per second). */
const LINK = { latency: 80, uploadThroughput: (5e6 / 8) | 0, downloadThroughput: (20e6 / 8) | 0 };
const PHOTO_TITLES = ['Sunrise on the meseta', 'My boots, retired', 'The cathedral square'];
const cache = path.resolve(import.meta.dirname, '../.tmp/bench-media');

/** A 4000×3000 JPEG with a sensor's grain, about the 4–5 MB a phone makes, made once and kept in .tmp. */
const twelveMegapixelPhoto = async () => {
  const file = path.join(cache, 'photo-12mp.jpg');
  if (existsSync(file)) return file;
  await mkdir(cache, { recursive: true });
  const partial = `${file}.partial.jpg`;
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=4000x3000',
    '-vf',
    'noise=alls=10:allf=t',
    '-frames:v',
    '1',
    '-q:v',
    '2',
    partial,
  ]);
  await rename(partial, file);
  return file;
};

const isTusPatch = (request: Request) =>
  request.method() === 'PATCH' && new URL(request.url()).pathname.startsWith('/api/uploads/');

const bodyBytes = async (requests: Request[]) => {
  let sum = 0;
  for (const request of requests)
    sum += Number(
      ((await request.allHeaders().catch(() => ({}))) as Record<string, string>)['content-length'] ?? 0,
    );
  return sum;
};

const saved = (page: Page) =>
  page.getByRole('button', { name: 'Save to My Story' }).waitFor({ state: 'detached', timeout: 600_000 });

/** Polls the API until the keepsake has a video and its captions, as the page would learn them. */
const keepsakeReady = async (base: string, access: string) => {
  for (;;) {
    const response = await fetch(`${base}/api/soulstory/concatenated/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    const keepsake = response.ok ? ((await response.json()) as ConcatenatedResponse) : null;
    if (keepsake?.video_url && keepsake.captions_url) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** The pilgrim's captions for a saved take, as the editor saves them: a line over its first second. */
const writeCaptions = async (base: string, access: string, type: StoryType) => {
  const headers = { authorization: `Bearer ${access}` };
  const memories = (await (await fetch(`${base}/api/soulstories/`, { headers })).json()) as SoulStoryItem[];
  const take = memories.find((memory) => memory.type === type);
  const response = await fetch(`${base}/api/soulstory/${take?.id}/captions/`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'es', vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nBuen Camino\n' }),
  });
  if (!response.ok) throw new Error(`captions for ${type}: ${response.status} ${await response.text()}`);
};

/** Records one take, the link lost for 5 s in its middle when `outage` is set. */
const recordTake = async (page: Page, network: CDPSession, outage: boolean) => {
  const link = (offline: boolean) => network.send('Network.emulateNetworkConditions', { offline, ...LINK });
  await page.getByRole('button', { name: 'Record Now' }).click();
  await page.getByRole('button', { name: 'Stop Recording' }).waitFor();
  if (outage) {
    const before = Math.max(0, (TAKE_SECONDS * 1000 - OUTAGE_MS) / 2);
    await page.waitForTimeout(before);
    await link(true);
    await page.waitForTimeout(OUTAGE_MS);
    await link(false);
    await page.waitForTimeout(TAKE_SECONDS * 1000 - OUTAGE_MS - before);
  } else {
    await page.waitForTimeout(TAKE_SECONDS * 1000);
  }
  await page.getByRole('button', { name: 'Stop Recording' }).click();
};

const section: BenchSection = {
  name: 'capture',
  run: async () => {
    const photo = await twelveMegapixelPhoto();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-capture-'));
    const app = await browserTestServer(dataDir);
    await app.start();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    });
    try {
      const context = await browser.newContext({ baseURL: app.baseURL });
      const page = await context.newPage();
      const session = await signUp(app.baseURL);
      await storeSession(page, '/faq', session);
      await page.goto('/soul-story');
      const network = await context.newCDPSession(page);
      await network.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
      const patches: Request[] = [];
      const failed: Request[] = [];
      page.on('requestfinished', (request) => {
        if (isTusPatch(request)) patches.push(request);
      });
      page.on('requestfailed', (request) => {
        if (isTusPatch(request)) failed.push(request);
      });

      const photosStarted = performance.now();
      for (const title of PHOTO_TITLES) {
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          page.getByRole('button', { name: /^Upload a Photo/ }).click(),
        ]);
        await chooser.setFiles(photo);
        await page.getByRole('textbox', { name: 'Photo title' }).fill(title);
        await page.getByRole('button', { name: 'Save to My Story' }).click();
        await saved(page);
      }
      const photosMs = performance.now() - photosStarted;

      let outage = { sent: 0, failed: 0, size: 0 };
      let lastSaveMs = 0;
      let keepsakeMs = 0;
      for (let take = 0; take < 4; take++) {
        const [patchesBefore, failedBefore] = [patches.length, failed.length];
        await recordTake(page, network, take === 0);
        const pressed = performance.now();
        const ready = take === 3 ? keepsakeReady(app.baseURL, session.access) : null;
        await page.getByRole('button', { name: 'Save to My Story' }).click();
        await saved(page);
        lastSaveMs = performance.now() - pressed;
        if (ready) {
          await ready;
          keepsakeMs = performance.now() - pressed;
        } else await writeCaptions(app.baseURL, session.access, promptIds[take]!);
        if (take === 0) {
          const own = patches.slice(patchesBefore);
          outage = {
            sent: await bodyBytes(own),
            failed: await bodyBytes(failed.slice(failedBefore)),
            size: Number((await own.at(-1)?.allHeaders())?.['upload-length'] ?? 0),
          };
        }
      }
      const photoBytes = (await stat(photo)).size;
      const [load1, load5] = loadavg();
      const rows: BenchRow[] = [
        { metric: 'link', value: '5↑/20↓ Mbit/s, 80 ms' },
        { metric: 'take length', value: `${TAKE_SECONDS} s` },
        {
          metric: 'three 12 MP photos, Save to saved (all)',
          value: `${formatMs(photosMs)} (${formatMb(photoBytes)} each)`,
        },
        { metric: 'last take: Save → memory saved', value: formatMs(lastSaveMs) },
        {
          metric: 'last take: Save → keepsake video_url and captions_url',
          value: formatMs(keepsakeMs),
          goal: '≤ 3 s',
        },
        { metric: 'take with a 5 s outage: file size', value: formatMb(outage.size) },
        {
          metric: 'take with a 5 s outage: PATCH bytes sent',
          value: `${(outage.sent / outage.size).toFixed(3)} x`,
          goal: '≤ 1.1 x',
        },
        { metric: 'take with a 5 s outage: PATCH bytes that failed', value: formatMb(outage.failed) },
        { metric: 'load average (1 min, 5 min)', value: `${load1!.toFixed(2)}, ${load5!.toFixed(2)}` },
      ];
      return rows;
    } finally {
      await browser.close();
      await app.stop();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    }
  },
};

export default section;
