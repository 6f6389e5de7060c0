import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffprobeChapters, ffprobeTag, makeTestMedia, storyClient } from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createUser } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';
import { soulStoryKeepsakes } from './tables.ts';

const KEEPSAKE_TIMEOUT_MS = 300_000;
/** How long ffmpeg may take to render in the background while other test files share the 2 cores. */
const RENDER_WAIT_MS = 150_000;

const anasCamino = {
  route: 'Camino Francés',
  start_place: 'Saint-Jean-Pied-de-Port',
  finish_place: 'Santiago',
  start_date: '2025-09-12',
  arrival_date: '2025-10-14',
  distance_km: 780,
  compostela: true,
  compostela_date: '2025-10-14',
};

describe(`the Camino record on the keepsake's cards, on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let files: Record<string, Buffer>;
  let client: ReturnType<typeof storyClient>;

  beforeAll(async () => {
    testApp = await createTestApp();
    files = await makeTestMedia();
    client = storyClient(testApp);
  }, 300_000);
  afterAll(() => testApp.close());

  const put = (url: string, headers: Record<string, string>, payload: object) =>
    testApp.app.inject({ method: 'PUT', url, headers, payload });

  it(
    'a saved journey re-renders the keepsake with its opening and closing cards; a change the cards do not show leaves it be',
    async () => {
      const { id, headers: auth } = await createUser(testApp, { firstName: 'Ana' });
      const fileOf = (key: string) => path.join(testApp.deps.config.mediaDir, key);
      const keepsakeRow = async () =>
        (
          await testApp.deps.db.select().from(soulStoryKeepsakes).where(eq(soulStoryKeepsakes.userId, id))
        )[0]!;
      const waitForNewVideo = (previousUrl: string | null) =>
        waitFor(
          () => client.keepsake(auth),
          (state) => state.status === 'ready' && state.video_url !== previousUrl,
          RENDER_WAIT_MS,
        );

      for (const type of ['call', 'suffering', 'joy', 'what_found_you'])
        expect((await client.upload(auth, { type }, { content: files['a.webm']! })).statusCode).toBe(201);
      const plain = await waitForNewVideo(null);
      expect((await ffprobeChapters(fileOf((await keepsakeRow()).videoKey!)))[0]?.title).toBe(
        'Ana · My Soul Story',
      );

      const saved = await put('/api/journey/', auth, anasCamino);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await client.keepsake(auth)).toMatchObject({ status: 'rendering', video_url: plain.video_url });
      const journeyKeepsake = await waitForNewVideo(plain.video_url);
      expect((await client.get(plain.video_url)).statusCode).toBe(404);

      const withJourney = await keepsakeRow();
      const chapters = await ffprobeChapters(fileOf(withJourney.videoKey!));
      expect(chapters[0]?.title).toBe('Ana · Camino Francés');
      expect(chapters.at(-1)?.title).toBe('Buen Camino · Compostela received 14 Oct 2025');
      expect(chapters).toHaveLength(6);
      expect(await ffprobeTag(fileOf(withJourney.openingCardKey!), 'comment')).toBe(
        ['Ana · Camino Francés', 'Saint-Jean-Pied-de-Port → Santiago', '12 Sep – 14 Oct 2025 · 780 km'].join(
          '\n',
        ),
      );
      expect(await ffprobeTag(fileOf(withJourney.closingCardKey!), 'comment')).toBe(
        'Buen Camino\nCompostela received 14 Oct 2025',
      );

      // Who walked along is on the record, not on the cards: the keepsake is not made again.
      const company = await put('/api/journey/', auth, { walked_with: 'My sister Lucía' });
      expect(company.statusCode).toBe(200);
      expect(await client.keepsake(auth)).toMatchObject({
        status: 'ready',
        video_url: journeyKeepsake.video_url,
      });
      expect(await keepsakeRow()).toMatchObject({
        version: withJourney.version,
        openingCardKey: withJourney.openingCardKey,
      });

      // The profile's start date is the journey's: a new one changes the dates on the opening card.
      const profile = await put('/api/profile/', auth, { camino_start_date: '2025-09-20' });
      expect(profile.statusCode, profile.body).toBe(200);
      expect((await client.get('/api/journey/', auth)).json().start_date).toBe('2025-09-20');
      expect(await client.keepsake(auth)).toMatchObject({
        status: 'rendering',
        video_url: journeyKeepsake.video_url,
      });
      await waitForNewVideo(journeyKeepsake.video_url);
      const moved = await keepsakeRow();
      expect(await ffprobeTag(fileOf(moved.openingCardKey!), 'comment')).toContain(
        '20 Sep – 14 Oct 2025 · 780 km',
      );
      expect(moved.closingCardKey).toBe(withJourney.closingCardKey);
    },
    KEEPSAKE_TIMEOUT_MS,
  );

  it('keeps the journey of a pilgrim who has no keepsake yet', async () => {
    const { id, headers: auth } = await createUser(testApp, { firstName: 'Lucía' });
    const saved = await put('/api/journey/', auth, anasCamino);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(anasCamino);
    expect(await client.keepsake(auth)).toMatchObject({ status: 'waiting_for_prompts', video_url: null });
    expect(
      await testApp.deps.db.select().from(soulStoryKeepsakes).where(eq(soulStoryKeepsakes.userId, id)),
    ).toEqual([]);

    await client.upload(auth, { type: 'call' }, { content: files['a.webm']! });
    const changed = await put('/api/journey/', auth, { distance_km: 790 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await client.keepsake(auth)).toMatchObject({ status: 'waiting_for_prompts', progress: 25 });
  });
});
