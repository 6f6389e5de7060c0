import { afterEach, describe, expect, it } from 'vitest';
import { prompts } from '#contract/prompts.ts';
import { JOIN_JOB, NORMALISE_JOB } from '#server/modules/soul-story/service.ts';
import { killProcesses } from './app-process.ts';
import { startTestBucket } from './s3-bucket.ts';
import {
  ADDED_PHOTO_TITLE,
  changeEverything,
  freshDatabase,
  PHOTO_TITLES,
  pilgrimOn,
  type RenderRecord,
  renderRecords,
  rendersWrittenTwice,
  runningJobIds,
  scenarioMedia,
  startWeb,
  startWorker,
  uploadEverything,
  waitForKeepsake,
} from './scale-out.ts';
import { waitFor } from './wait-for.ts';

afterEach(killProcesses);

const PILGRIMS = 3;

const counts = (titles: string[]) => {
  const counted: Record<string, number> = {};
  for (const title of titles) counted[title] = (counted[title] ?? 0) + 1;
  return counted;
};

/** Two attempts of one pilgrim's join overlapping in time would be two workers on one story at once. */
const overlappingJoins = (records: RenderRecord[]) =>
  records.filter((record, index) =>
    records.some(
      (other, otherIndex) =>
        otherIndex !== index &&
        other.data.userId === record.data.userId &&
        record.startedOn! < other.completedOn! &&
        other.startedOn! < record.completedOn!,
    ),
  );

describe.runIf(process.env.TEST_DB === 'postgres')(
  'two web and two worker processes on one PostgreSQL database and one S3 bucket, no shared disk',
  () => {
    it('render every keepsake once per change, notify once, serve media from either process, and lose nothing to a killed worker', async () => {
      const database = await freshDatabase(
        process.env.TEST_DATABASE_URL!,
        `pilgrim_soul_scale_out_${process.pid}`,
      );
      const bucket = await startTestBucket();
      try {
        const shared = {
          ...bucket.env,
          DATABASE_URL: database.url,
          SECRET: 'scale-out-secret-'.repeat(3),
          RATE_LIMIT_SCALE: '50',
        };
        const madeMedia = scenarioMedia();
        // The first process migrates the fresh database; the others start on it together.
        const first = await startWeb(shared);
        const [second, ...workers] = await Promise.all([
          startWeb(shared),
          startWorker(shared),
          startWorker(shared),
        ]);
        const bases = [first.base, second.base];
        const media = await madeMedia;
        const pilgrims = await Promise.all(
          Array.from({ length: PILGRIMS }, (_, index) => pilgrimOn(bases, index)),
        );

        await Promise.all(pilgrims.map((pilgrim) => uploadEverything(pilgrim, media)));
        const firstKeepsakes = await Promise.all(
          pilgrims.map((pilgrim) => waitForKeepsake(pilgrim, 150_000)),
        );
        expect(firstKeepsakes.map((keepsake) => keepsake.status)).toEqual(pilgrims.map(() => 'ready'));

        // Every pilgrim reorders, deletes a photo and adds one; a worker dies while rendering one of them.
        const changed = Promise.all(pilgrims.map((pilgrim) => changeEverything(pilgrim, media)));
        const victim = await waitFor(
          async () => {
            const active = (await renderRecords(database.url)).filter(
              (record) => record.name === NORMALISE_JOB && record.state === 'active',
            );
            for (const worker of workers) {
              const job = active.find((record) => runningJobIds(worker).has(record.id));
              if (job) return { worker, job };
            }
            return null;
          },
          Boolean,
          30_000,
        );
        victim!.worker.child.kill('SIGKILL');
        await victim!.worker.exited;
        await changed;
        const keepsakes = await Promise.all(pilgrims.map((pilgrim) => waitForKeepsake(pilgrim, 150_000)));
        expect(keepsakes.map((keepsake) => keepsake.status)).toEqual(pilgrims.map(() => 'ready'));

        for (const pilgrim of pilgrims) {
          const stories = await pilgrim.list();
          const takes = prompts.map((prompt) => prompt.name).reverse();
          expect(stories.map((story) => story.title)).toEqual([
            ...takes,
            ...PHOTO_TITLES.slice(1).reverse(),
            ADDED_PHOTO_TITLE,
          ]);
          const { video_url, poster_url } = await pilgrim.keepsake();
          for (const url of [video_url!, poster_url!, ...stories.map((story) => story.media_url)]) {
            for (const base of bases) {
              const response = await fetch(`${base}${url}`);
              expect(response.status, `${url} from ${base}`).toBe(200);
              expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
            }
          }
          expect(
            counts((await pilgrim.notifications()).map((notification) => notification.title)),
          ).toMatchObject({
            ...Object.fromEntries(prompts.map((prompt) => [`${prompt.name}: reflection saved`, 1])),
            'Photo added to your Soul Story': PHOTO_TITLES.length + 1,
            // The first keepsake, and the one made after a deletion took the shown video away.
            'Your Soul Story is ready': 2,
          });
        }

        // A join asked for while the last one ran finds nothing left to do; it may still be queued.
        const records = await waitFor(
          () => renderRecords(database.url),
          (all) => all.every((record) => !['created', 'retry', 'active'].includes(record.state)),
        );
        const normalised = records.filter((record) => record.name === NORMALISE_JOB);
        const uploads = PILGRIMS * (prompts.length + PHOTO_TITLES.length + 1);
        expect(normalised).toHaveLength(uploads);
        expect(new Set(normalised.map((record) => record.data.mediaKey)).size).toBe(uploads);
        expect(normalised.filter((record) => record.state !== 'completed')).toEqual([]);
        const retried = records.find((record) => record.id === victim!.job.id);
        expect(retried).toMatchObject({ state: 'completed', retryCount: 1 });
        const joins = records.filter((record) => record.name === JOIN_JOB);
        expect(joins.filter((record) => record.state !== 'completed')).toEqual([]);
        expect(overlappingJoins(joins)).toEqual([]);
        // Every memory's segment was stored once, each pilgrim's opening and closing cards once (their
        // words did not change), and no keepsake version twice.
        const written = bucket.written();
        const segments = written.filter((key) => key.endsWith('.segment.mov'));
        const cards = segments.filter((key) => /\/(opening|closing)-card-[^/]+$/.test(key));
        expect(segments.length - cards.length).toBe(uploads);
        expect(cards).toHaveLength(2 * PILGRIMS);
        expect(new Set(cards).size).toBe(cards.length);
        expect(rendersWrittenTwice(written)).toEqual([]);
      } finally {
        killProcesses();
        await bucket.close();
        await database.drop();
      }
    }, 420_000);
  },
);
