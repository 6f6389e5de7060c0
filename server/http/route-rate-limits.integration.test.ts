import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authMessages } from '#contract/auth-terms.ts';
import { communityMessages } from '#contract/community.ts';
import { buildApp } from '#server/app.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createUser } from '#test/users.ts';
import { signedIn, userIdOf } from './auth-guard.ts';
import { rateLimits } from './rate-limit-table.ts';

const newsletterEmailLimited =
  'We have already sent several emails to this address. Please check your inbox.';

/** Routes that name their rules as the product's routes do, served by the real app around them. */
const probeRoutes =
  (testApp: TestApp): FastifyPluginAsyncZod =>
  async (app) => {
    // Per address (5 per 10 minutes, the community forms' words) and per email (5 per hour, the newsletter's).
    app.post(
      '/api/probe/two-rules/',
      {
        config: { rateLimits: ['community:ip', 'newsletter:email'] },
        schema: { body: z.object({ email: z.email() }) },
      },
      async () => ({ ok: true }),
    );
    // Per user (5 per 15 minutes), behind the auth guard.
    app.post(
      '/api/probe/per-user/',
      {
        ...signedIn(testApp.deps.auth, {
          body: z.object({ note: z.string() }),
          response: { 200: z.object({ userId: z.string() }) },
        }),
        config: { rateLimits: ['account-delete:user'] },
      },
      async (request) => ({ userId: userIdOf(request) }),
    );
    app.get('/api/probe/read/', { config: { rateLimits: ['community:ip'] } }, async () => ({ ok: true }));
    app.post('/api/probe/unlimited/', async () => ({ ok: true }));
  };

describe(`rate limits named in route options on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    testApp = await createTestApp();
    app = await buildApp({ ...testApp.deps, features: [{ name: 'probe', routes: probeRoutes(testApp) }] });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testApp.close();
  });

  let lastAddress = 0;
  /** Each test sends from addresses of its own, so one test's counts never reach another. */
  const nextAddress = () => `10.20.0.${++lastAddress}`;
  const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, remoteAddress, headers });
  const twoRules = (email: string, remoteAddress: string) =>
    post('/api/probe/two-rules/', { email }, remoteAddress);
  const statusesOf = async (times: number, send: () => Promise<{ statusCode: number }>) => {
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) statuses.push((await send()).statusCode);
    return statuses;
  };
  const counters = async () => (await testApp.deps.db.select().from(rateLimits)).map((row) => row.key).sort();

  it('answers 429 with the message and Retry-After of the first rule past its limit', async () => {
    const address = nextAddress();
    const spread = (i: number) => `spread.${i}@example.com`;
    let sent = 0;
    expect(await statusesOf(5, () => twoRules(spread(sent++), address))).toEqual(Array(5).fill(200));
    const perAddress = await twoRules(spread(sent++), address);
    expect(perAddress.statusCode).toBe(429);
    expect(perAddress.json().error).toBe(communityMessages.tooMany);
    const addressWait = Number(perAddress.headers['retry-after']);
    expect(addressWait).toBeGreaterThan(590);
    expect(addressWait).toBeLessThanOrEqual(600);

    const email = 'one.inbox@example.com';
    expect(await statusesOf(5, () => twoRules(email, nextAddress()))).toEqual(Array(5).fill(200));
    const perEmail = await twoRules(email, nextAddress());
    expect(perEmail.statusCode).toBe(429);
    expect(perEmail.json().error).toBe(newsletterEmailLimited);
    const emailWait = Number(perEmail.headers['retry-after']);
    expect(emailWait).toBeGreaterThan(3590);
    expect(emailWait).toBeLessThanOrEqual(3600);
  });

  it('counts each address and each email as its own subject, the rules in the order named', async () => {
    const busy = nextAddress();
    const inbox = 'first.inbox@example.com';
    expect(await statusesOf(4, () => twoRules(inbox, busy))).toEqual(Array(4).fill(200));
    expect((await twoRules('other.inbox@example.com', busy)).statusCode).toBe(200);
    // The busy address is refused before the email is counted, so the inbox still has its fifth hit.
    expect((await twoRules(inbox, busy)).json().error).toBe(communityMessages.tooMany);
    expect((await twoRules(inbox, nextAddress())).statusCode).toBe(200);
    expect((await twoRules(inbox, nextAddress())).json().error).toBe(newsletterEmailLimited);
    // Another email from a fresh address is counted afresh; the busy address stays refused for any email.
    expect((await twoRules('second.inbox@example.com', nextAddress())).statusCode).toBe(200);
    expect((await twoRules('third.inbox@example.com', busy)).json().error).toBe(communityMessages.tooMany);
  });

  it('counts a rule per user after the auth guard, whatever address the user calls from', async () => {
    const address = nextAddress();
    const first = await createUser(testApp);
    const second = await createUser(testApp);
    const asUser = (user: { headers: Record<string, string> }) =>
      post('/api/probe/per-user/', { note: 'hello' }, address, user.headers);
    // No token: the guard's 401, and nothing counted for anyone.
    expect(await statusesOf(7, () => post('/api/probe/per-user/', { note: 'hi' }, address))).toEqual(
      Array(7).fill(401),
    );
    const answered = await asUser(first);
    expect(answered.json()).toEqual({ userId: first.id });
    expect(await statusesOf(4, () => asUser(first))).toEqual(Array(4).fill(200));
    const limited = await asUser(first);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(authMessages.tooManyAttempts);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(890);
    // The other user, from the same address, has a count of their own.
    expect(await statusesOf(5, () => asUser(second))).toEqual(Array(5).fill(200));
    expect((await asUser(second)).statusCode).toBe(429);
    expect(await counters()).toEqual(
      expect.arrayContaining([`account-delete:user:${first.id}`, `account-delete:user:${second.id}`]),
    );
  });

  it('answers an invalid body with its 400 without counting it', async () => {
    const address = nextAddress();
    const invalid = await statusesOf(8, () => twoRules('not-an-email', address));
    expect(invalid).toEqual(Array(8).fill(400));
    expect(await counters()).not.toContain(`community:ip:${address}`);
    expect(await statusesOf(5, () => twoRules('valid.after@example.com', address))).toEqual(
      Array(5).fill(200),
    );
  });

  it('counts a HEAD request of a limited GET route once, as its GET', async () => {
    const address = nextAddress();
    const head = () => app.inject({ method: 'HEAD', url: '/api/probe/read/', remoteAddress: address });
    expect(await statusesOf(6, head)).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('never limits a route that names no rule, nor counts anything for it', async () => {
    const address = nextAddress();
    const before = await counters();
    expect(await statusesOf(25, () => post('/api/probe/unlimited/', {}, address))).toEqual(
      Array(25).fill(200),
    );
    expect(await counters()).toEqual(before);
  });
});
