import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { EventSourceMessage } from 'eventsource-parser/stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConcatenatedResponse, segmentReadyEvent } from '#contract/soul-story.ts';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { LISTENER_APPLICATION_NAME } from '#server/db/pubsub.ts';
import { prepareGracefulClose } from '#server/http/graceful-close.ts';
import { createRuntime } from '#server/runtime.ts';
import { openStream } from '#test/event-streams.ts';
import { makeTestMedia, storyClient } from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createUser } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';
import { changesChannel } from './service.ts';

const RENDER_WAIT_MS = 150_000;
const onPostgres = process.env.TEST_DB === 'postgres';

const keepsakeOf = (event: EventSourceMessage) => JSON.parse(event.data) as ConcatenatedResponse;

describe(`the Soul Story events stream on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let base: string;

  const mintToken = async (headers: Record<string, string>) =>
    (await testApp.app.inject({ method: 'POST', url: '/api/soulstory/events/token/', headers })).json() as {
      token: string;
      expires_in: number;
    };

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(() => testApp.close());

  it('refuses a missing, forged or foreign token with 401 and an error, before the stream starts', async () => {
    const user = await createUser(testApp);
    const { token } = await mintToken(user.headers);
    for (const refused of [
      await openStream(base, {}),
      await openStream(base, { token: `${token}x` }),
      await openStream(base, { token: user.access }),
    ]) {
      expect(refused.response.status).toBe(401);
      expect(refused.response.headers.get('content-type')).toContain('application/json');
      expect((await refused.response.json()).error).toEqual(expect.any(String));
    }
    expect(
      (await testApp.app.inject({ method: 'POST', url: '/api/soulstory/events/token/' })).statusCode,
    ).toBe(401);
  });

  it('sends the current state on connect, uncompressed and unstored, with a token or the bearer header', async () => {
    const user = await createUser(testApp);
    const minted = await mintToken(user.headers);
    expect(minted.expires_in).toBe(60);
    const concatenated = (
      await testApp.app.inject({ method: 'GET', url: '/api/soulstory/concatenated/', headers: user.headers })
    ).json();
    for (const init of [{ token: minted.token }, { headers: user.headers }]) {
      const stream = await openStream(base, init);
      try {
        expect(stream.response.status).toBe(200);
        expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
        expect(stream.response.headers.get('cache-control')).toBe('no-store');
        expect(stream.response.headers.get('content-encoding')).toBeNull();
        const first = await stream.next((event) => event.event === 'keepsake');
        expect(keepsakeOf(first)).toEqual(concatenated);
        expect(concatenated).toMatchObject({ status: 'waiting_for_prompts', video_url: null });
      } finally {
        stream.close();
      }
    }
  });

  it(
    'tells each rendered memory, then the keepsake ready with its video_url, as the render finishes',
    async () => {
      const files = await makeTestMedia();
      const { upload } = storyClient(testApp);
      const user = await createUser(testApp);
      const stream = await openStream(base, { token: (await mintToken(user.headers)).token });
      try {
        await stream.next((event) => event.event === 'keepsake');
        const ids: string[] = [];
        for (const type of ['call', 'suffering', 'joy', 'what_found_you'])
          ids.push((await upload(user.headers, { type }, { content: files['a.webm']! })).json().id);
        const ready = keepsakeOf(
          await stream.next(
            (event) => event.event === 'keepsake' && keepsakeOf(event).status === 'ready',
            RENDER_WAIT_MS,
          ),
        );
        expect(ready.progress).toBe(100);
        expect(ready.video_url).toMatch(/\.mp4/);
        const concatenated = (
          await testApp.app.inject({
            method: 'GET',
            url: '/api/soulstory/concatenated/',
            headers: user.headers,
          })
        ).json();
        expect(concatenated).toMatchObject({ status: 'ready', video_url: ready.video_url });
        const segments = stream.received
          .filter((event) => event.event === 'segment')
          .map((event) => segmentReadyEvent.parse(JSON.parse(event.data)).id);
        expect(segments.sort()).toEqual(ids.sort());
        const rendering = stream.received
          .filter((event) => event.event === 'keepsake')
          .map(keepsakeOf)
          .filter((state) => state.status === 'rendering');
        expect(rendering.length).toBeGreaterThan(0);
      } finally {
        stream.close();
      }
    },
    RENDER_WAIT_MS + 30_000,
  );

  it('stops listening on the database when the client goes away', async () => {
    const user = await createUser(testApp);
    const channel = changesChannel(user.id);
    const stream = await openStream(base, { headers: user.headers });
    await stream.next((event) => event.event === 'keepsake');
    expect(testApp.deps.pubsub.listenerCount(channel)).toBe(1);
    expect(testApp.app.eventStreams.size).toBe(1);
    stream.close();
    await waitFor(
      () => testApp.deps.pubsub.listenerCount(channel) + testApp.app.eventStreams.size,
      (count) => count === 0,
    );
  });

  it('ends open streams at once on a graceful close, well before its deadline', async () => {
    const app = await buildApp(testApp.deps);
    const closeGracefully = prepareGracefulClose(app, 20_000);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createUser(testApp);
    const stream = await openStream(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, {
      headers: user.headers,
    });
    await stream.next((event) => event.event === 'keepsake');
    const started = Date.now();
    await closeGracefully();
    expect(Date.now() - started).toBeLessThan(5000);
    await waitFor(stream.ended, Boolean, 5000);
    expect(testApp.deps.pubsub.listenerCount(changesChannel(user.id))).toBe(0);
  });

  it.runIf(onPostgres)(
    'carries what another process on the same database announces to a stream held here',
    async () => {
      const user = await createUser(testApp);
      const stream = await openStream(base, { headers: user.headers });
      const other = await createRuntime({
        config: testApp.deps.config,
        database: await openDatabase({ kind: 'postgres', url: testApp.deps.database.connectionString! }),
        runsWorkers: false,
      });
      try {
        await stream.next((event) => event.event === 'keepsake');
        await other.services.soulStory.announce(user.id, {
          kind: 'segment',
          memoryId: '00000000-0000-4000-8000-000000000001',
        });
        const segment = await stream.next((event) => event.event === 'segment');
        expect(JSON.parse(segment.data)).toEqual({ id: '00000000-0000-4000-8000-000000000001' });
        // One listening connection per process, carrying this stream and the kept public reads alike.
        const listening = async () =>
          (
            (await testApp.deps.db.execute(
              sql`select count(*)::int as count from pg_stat_activity
                  where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
            )) as { rows: { count: number }[] }
          ).rows[0]?.count;
        await waitFor(listening, (count) => count === 2);
        expect(await listening()).toBe(2);
      } finally {
        stream.close();
        await other.close();
      }
    },
  );
});
