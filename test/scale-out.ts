import { mkdtempSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { promptIds } from '#contract/prompts.ts';
import type { ConcatenatedResponse, SoulStoryItem } from '#contract/soul-story.ts';
import { type AppProcess, freePort, startProcess, waitForOk } from './app-process.ts';
import { makeClip, makePhoto } from './soul-stories.ts';
import { signUp } from './users.ts';

/**
 * Web and worker processes sharing nothing but one PostgreSQL database and one S3 bucket, each with
 * its own empty data folder: the scale-out test and its benchmark.
 */

/** A database of its own on the server of `adminUrl`, dropped with every connection to it. */
export const freshDatabase = async (adminUrl: string, name: string) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
};

/**
 * Reads until `done` accepts the value and answers it. Unlike `waitFor` of wait-for.ts it needs no
 * Vitest, so the benchmark runs the same scenario.
 */
const pollUntil = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) => {
  const started = performance.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() - started > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const emptyDataDir = () => mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-scale-out-'));

export const startWeb = async (shared: Record<string, string>) => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = startProcess('server/main.ts', {
    ...shared,
    RUN_MODE: 'web',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: emptyDataDir(),
    LOG_LEVEL: 'warn',
  });
  await waitForOk(`${base}/readyz`, { app });
  return { app, base };
};

/** Its log says which job it is running: `job started` and `job finished` lines with the job's id. */
export const startWorker = async (shared: Record<string, string>) => {
  const app = startProcess('server/worker.ts', { ...shared, DATA_DIR: emptyDataDir(), LOG_LEVEL: 'info' });
  await pollUntil(
    async () => app.output(),
    (output) => output.includes('worker is running jobs') || app.child.exitCode !== null,
    120_000,
  );
  if (app.child.exitCode !== null) throw new Error(`a worker exited early:\n${app.output()}`);
  return app;
};

export const PHOTO_TITLES = ['Sunrise on the meseta', 'My boots, retired', 'The cathedral square'];
export const ADDED_PHOTO_TITLE = 'The last stamp';

/** Four short takes, one for each prompt, and four photos, made once by ffmpeg. */
export const scenarioMedia = async (takeSeconds = 1) => {
  const work = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-scale-out-media-'));
  const colours = ['red', 'blue', 'green', 'yellow'];
  await Promise.all([
    ...colours.map((colour, index) =>
      makeClip(path.join(work, `take-${index}.webm`), {
        seconds: takeSeconds,
        colour,
        frequency: 300 + 100 * index,
      }),
    ),
    ...colours.map((colour, index) => makePhoto(path.join(work, `photo-${index}.jpg`), '640x480', colour)),
  ]);
  const read = (name: string) => readFile(path.join(work, name));
  const takes = await Promise.all(colours.map((_, index) => read(`take-${index}.webm`)));
  const photos = await Promise.all(colours.map((_, index) => read(`photo-${index}.jpg`)));
  await rm(work, { recursive: true, force: true });
  return { takes, photos };
};
export type ScenarioMedia = Awaited<ReturnType<typeof scenarioMedia>>;

const expectStatus = async (response: Response, status: number, what: string) => {
  if (response.status !== status)
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
};

/** A pilgrim signed up on one web process who then speaks to each in turn, as a load balancer would send them. */
export const pilgrimOn = async (bases: string[], index: number) => {
  const { headers } = await signUp(bases[index % bases.length]!);
  let turn = index;
  const next = () => bases[turn++ % bases.length]!;
  const call = (url: string, init: RequestInit = {}) =>
    fetch(`${next()}${url}`, { ...init, headers: { ...headers, ...init.headers } });
  const json = async <T>(url: string, init: RequestInit, status: number, what: string) =>
    (await (await expectStatus(await call(url, init), status, what)).json()) as T;

  /** A Blob from `fs.openAsBlob` is streamed from disk. */
  const upload = (type: string, title: string, media: Buffer | Blob, filename: string) => {
    const form = new FormData();
    form.append('title', title);
    form.append('type', type);
    form.append('media', media instanceof Blob ? media : new Blob([new Uint8Array(media)]), filename);
    return json<SoulStoryItem>(
      '/api/soulstory/upload/',
      { method: 'POST', body: form },
      201,
      `upload ${title}`,
    );
  };
  return {
    next,
    uploadTake: (prompt: number, media: Buffer | Blob) => upload(promptIds[prompt]!, '', media, 'take.webm'),
    uploadPhoto: (title: string, media: Buffer) => upload('photo', title, media, 'photo.jpg'),
    list: () => json<SoulStoryItem[]>('/api/soulstories/', {}, 200, 'list'),
    reorder: (ids: string[]) =>
      json(
        '/api/soulstories/reorder/',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ story_ids: ids }),
        },
        200,
        'reorder',
      ),
    remove: (id: string) => json(`/api/soulstory/${id}/delete/`, { method: 'DELETE' }, 200, 'delete'),
    keepsake: () => json<ConcatenatedResponse>('/api/soulstory/concatenated/', {}, 200, 'keepsake'),
    notifications: () => json<{ title: string }[]>('/api/notifications/', {}, 200, 'notifications'),
  };
};
export type Pilgrim = Awaited<ReturnType<typeof pilgrimOn>>;

/** Photos first, so that no keepsake can start before the last take is in and every memory is pending. */
export const uploadEverything = async (pilgrim: Pilgrim, media: ScenarioMedia) => {
  for (const [index, title] of PHOTO_TITLES.entries()) await pilgrim.uploadPhoto(title, media.photos[index]!);
  for (const [index, take] of media.takes.entries()) await pilgrim.uploadTake(index, take);
};

/** Reverses the order, deletes the first photo and adds another. */
export const changeEverything = async (pilgrim: Pilgrim, media: ScenarioMedia) => {
  const stories = await pilgrim.list();
  await pilgrim.reorder(stories.map((story) => story.id).reverse());
  await pilgrim.remove(stories.find((story) => story.type === 'photo')!.id);
  await pilgrim.uploadPhoto(ADDED_PHOTO_TITLE, media.photos[3]!);
};

export const waitForKeepsake = (pilgrim: Pilgrim, timeoutMs: number) =>
  pollUntil(
    () => pilgrim.keepsake(),
    (keepsake) => keepsake.status === 'ready' || keepsake.status === 'failed',
    timeoutMs,
  );

/** One attempt of a render job, as pg-boss recorded it. */
export interface RenderRecord {
  id: string;
  name: string;
  state: string;
  retryCount: number;
  data: { userId?: string; storyId?: string; mediaKey?: string };
  startedOn: Date | null;
  completedOn: Date | null;
}

export const renderRecords = async (databaseUrl: string): Promise<RenderRecord[]> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select id, name, state, retry_count as "retryCount", data, started_on as "startedOn",
              completed_on as "completedOn"
         from pgboss.job where name like 'soul-story.%' order by created_on`,
    );
    return rows as RenderRecord[];
  } finally {
    await client.end();
  }
};

/** The job a worker is running now, from its log: started and not yet finished or failed. */
export const runningJobIds = (worker: AppProcess) => {
  const running = new Set<string>();
  for (const line of worker.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; jobId?: string };
    if (!entry.jobId) continue;
    if (entry.msg === 'job started') running.add(entry.jobId);
    else running.delete(entry.jobId);
  }
  return running;
};

/** Keys of the stored renders (segments and keepsakes) written more than once. */
export const rendersWrittenTwice = (written: string[]) => {
  const renders = written.filter((key) => /\.segment\.mov$|\/keepsake-\d+\.(mp4|jpg)$/.test(key));
  return renders.filter((key, index) => renders.indexOf(key) !== index);
};
