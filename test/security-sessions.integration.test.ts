import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '#server/identity/users.ts';
import { openStream } from './event-streams.ts';
import { createTestApp, serverBeside, type TestApp } from './test-app.ts';
import { signIn, signUp } from './users.ts';
import { waitFor } from './wait-for.ts';

type Stream = Awaited<ReturnType<typeof openStream>>;

const baseOf = (app: TestApp['app']) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/**
 * Issue 25: a session that ends (logout, a reused refresh token, a password reset, the account deleted)
 * closes its open event streams within a second, in whichever process holds them, since keepsake events
 * carry signed media URLs.
 */
describe(`event streams end with their session on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let base: string;
  const opened: Stream[] = [];

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseOf(testApp.app);
  }, 120_000);

  afterEach(() => {
    for (const stream of opened.splice(0)) stream.close();
  });

  afterAll(() => testApp.close());

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url, payload, headers });

  const eventsToken = async (headers: Record<string, string>) =>
    (await post('/api/soulstory/events/token/', undefined, headers)).json().token as string;

  /** A stream as a page holds it: open, with the keepsake's first state received. */
  const follow = async (init: { token?: string; headers?: Record<string, string> }, at = base) => {
    const stream = await openStream(at, init);
    opened.push(stream);
    expect(stream.response.status).toBe(200);
    await stream.next((event) => event.event === 'keepsake');
    return stream;
  };

  /** The answer to the request that ends the session comes once its revocation is committed: the clock starts there. */
  const endWithinASecond = async (...streams: Stream[]) => {
    const started = performance.now();
    await waitFor(() => streams.every((stream) => stream.ended()), Boolean, 1000);
    expect(performance.now() - started).toBeLessThan(1000);
  };

  const userIdOf = async (email: string) => (await findUserByEmail(testApp.deps.db, email))!.id;

  it("logout ends that session's streams, by events token and by bearer, while the user's other session keeps its own", async () => {
    const first = await signUp(testApp);
    const second = await signIn(testApp, first);
    const byToken = await follow({ token: await eventsToken(first.headers) });
    const byBearer = await follow({ headers: first.headers });
    const otherSession = await follow({ headers: second.headers });

    expect((await post('/api/logout/', { refresh: first.refresh })).statusCode).toBe(204);
    await endWithinASecond(byToken, byBearer);

    // The next rendered memory reaches the session still signed in, and only it.
    const memoryId = '00000000-0000-4000-8000-000000000025';
    await testApp.deps.services.soulStory.announce(await userIdOf(first.email), {
      kind: 'segment',
      memoryId,
    });
    expect(JSON.parse((await otherSession.next((event) => event.event === 'segment')).data)).toEqual({
      id: memoryId,
    });
    expect(otherSession.ended()).toBe(false);
    for (const ended of [byToken, byBearer])
      expect(ended.received.some((event) => event.event === 'segment')).toBe(false);
  });

  it('an events token minted before logout opens nothing after it', async () => {
    const user = await signUp(testApp);
    const token = await eventsToken(user.headers);
    expect((await post('/api/logout/', { refresh: user.refresh })).statusCode).toBe(204);
    const refused = await openStream(base, { token });
    expect(refused.response.status).toBe(401);
    expect((await refused.response.json()).error).toEqual(expect.any(String));
  });

  it("a reused refresh token ends its session's streams", async () => {
    const user = await signUp(testApp);
    const stream = await follow({ token: await eventsToken(user.headers) });
    expect((await post('/api/token/refresh/', { refresh: user.refresh })).statusCode).toBe(200);
    expect(stream.ended()).toBe(false);
    expect((await post('/api/token/refresh/', { refresh: user.refresh })).statusCode).toBe(401);
    await endWithinASecond(stream);
  });

  it('a password reset ends the streams of every session of the account', async () => {
    const first = await signUp(testApp);
    const second = await signIn(testApp, first);
    const streams = [
      await follow({ token: await eventsToken(first.headers) }),
      await follow({ headers: second.headers }),
    ];
    expect((await post('/api/password/reset-request/', { email: first.email })).statusCode).toBe(200);
    const [mail] = await waitFor(
      async () => (await testApp.outbox()).filter((message) => message.to === first.email),
      (found) => found.length > 0,
    );
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect(streams.some((stream) => stream.ended())).toBe(false);
    const reset = await post('/api/password/reset/', { token, password: 'a-new-camino-pass' });
    expect(reset.statusCode).toBe(200);
    await endWithinASecond(...streams);
  });

  it("deleting the account ends its streams, the other session's too", async () => {
    const first = await signUp(testApp);
    const second = await signIn(testApp, first);
    const streams = [await follow({ headers: first.headers }), await follow({ headers: second.headers })];
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/account/',
      headers: first.headers,
      payload: { password: first.password },
    });
    expect(deleted.statusCode).toBe(200);
    await endWithinASecond(...streams);
  });

  it('a stream held by another web process ends when its session ends in this one', async () => {
    const other = await serverBeside(testApp, { runsWorkers: false });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await signUp(testApp);
      const stream = await follow({ token: await eventsToken(user.headers) }, baseOf(other.app));
      expect((await post('/api/logout/', { refresh: user.refresh })).statusCode).toBe(204);
      await endWithinASecond(stream);
    } finally {
      await other.close();
    }
  });

  it('another web process refuses a token as soon as its session ends in this one, not when its cache expires', async () => {
    const other = await serverBeside(testApp, { runsWorkers: false });
    try {
      const user = await signUp(testApp);
      const profile = () => other.app.inject({ method: 'GET', url: '/api/user/', headers: user.headers });
      // The other process now trusts this sign-in for the next few seconds.
      expect((await profile()).statusCode).toBe(200);
      expect((await post('/api/logout/', { refresh: user.refresh })).statusCode).toBe(204);
      await waitFor(
        async () => (await profile()).statusCode,
        (status) => status === 401,
        1000,
      );
    } finally {
      await other.close();
    }
  });
});
