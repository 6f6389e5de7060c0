import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#contract/auth-terms.ts';
import { users } from '#server/identity/tables.ts';
import { hashPassword } from '#server/modules/auth/passwords.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { waitFor } from './wait-for.ts';

/*
 * Rate limits as the outside test met them: over real HTTP, with the client's source address bound to
 * different loopback addresses (127.0.0.1, 127.0.0.2, ...) to act as different people.
 */

const PASSWORD = 'the-right-password';
const WRONG = 'a-wrong-password';

interface Answer {
  status: number;
  body: { error?: string; message?: string; valid?: boolean };
  retryAfter: string | undefined;
}

interface Served {
  testApp: TestApp;
  port: number;
}

const serve = async (env: Record<string, string>): Promise<Served> => {
  const testApp = await createTestApp(env);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return { testApp, port: (testApp.app.server.address() as AddressInfo).port };
};

/** One POST from the given source address, on its own connection. */
const post = (
  { port }: Served,
  from: string,
  path: string,
  payload: object,
  headers: Record<string, string> = {},
) =>
  new Promise<Answer>((resolve, reject) => {
    const body = JSON.stringify(payload);
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
            retryAfter: response.headers['retry-after'] as string | undefined,
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });

const signIn = (served: Served, from: string, email: string, password: string, headers = {}) =>
  post(served, from, '/api/login/', { email, password }, headers);

/** Accounts written straight to the table, all with the same password (one hash, not one each). */
const createAccounts = async ({ testApp }: Served, count: number) => {
  const passwordHash = await hashPassword(PASSWORD);
  const rows = Array.from({ length: count }, () => {
    const id = randomBytes(5).toString('hex');
    return { email: `walker.${id}@example.com`, username: `walker_${id}`, passwordHash, firstName: 'Ana' };
  });
  await testApp.deps.db.insert(users).values(rows);
  return rows.map((row) => row.email);
};

/** Jobs run every half second in tests: long enough for a second email, had one been queued, to arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

const statusesOf = async (attempts: number, attempt: (index: number) => Promise<Answer>) => {
  const statuses: number[] = [];
  for (let index = 0; index < attempts; index++) statuses.push((await attempt(index)).status);
  return statuses;
};

const forwardedFor = (index: number) => ({ 'x-forwarded-for': `203.0.113.${index + 1}` });

describe(`client addresses and sign-in limits over HTTP on ${process.env.TEST_DB}`, () => {
  // TRUST_PROXY off (the default); defaults for every limit but a ceiling low enough to reach.
  let direct: Served;
  beforeAll(async () => {
    direct = await serve({ AUTH_RATE_LIMIT_ACCOUNT_CEILING: '15' });
  });
  afterAll(() => direct.testApp.close());

  it('without TRUST_PROXY, a forged X-Forwarded-For does not escape the per-address limit', async () => {
    const emails = await createAccounts(direct, 35);
    const statuses = await statusesOf(35, (index) =>
      signIn(direct, '127.0.0.3', emails[index]!, WRONG, forwardedFor(index)),
    );
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(5).fill(429));
    // Another address is its own client.
    expect((await signIn(direct, '127.0.0.4', emails[0]!, PASSWORD)).status).toBe(200);
  });

  it("keeps the owner's sign-in while another address guesses their password", async () => {
    const [email] = await createAccounts(direct, 1);
    const guesses = await statusesOf(12, () => signIn(direct, '127.0.0.2', email!, WRONG));
    expect(guesses).toEqual([...Array(10).fill(401), 429, 429]);
    const owner = await signIn(direct, '127.0.0.1', email!, PASSWORD);
    expect(owner.status).toBe(200);
    const attacker = await signIn(direct, '127.0.0.2', email!, PASSWORD);
    expect(attacker.status).toBe(429);
    expect(attacker.body.error).toBe(authMessages.tooManyAttempts);
    expect(Number(attacker.retryAfter)).toBeGreaterThan(0);
    // Only failures count: the owner's right password took its hits back, so a typo is just a 401.
    expect((await signIn(direct, '127.0.0.1', email!, WRONG)).status).toBe(401);
    expect((await signIn(direct, '127.0.0.1', email!, PASSWORD)).status).toBe(200);
  });

  it('stops guessing spread over many addresses at the account ceiling, mails the owner once, and still lets the owner in', async () => {
    const [email] = await createAccounts(direct, 1);
    // 10 wrong from one address (its own limit), 5 from another: the ceiling of 15 is reached.
    expect(await statusesOf(10, () => signIn(direct, '127.0.0.5', email!, WRONG))).toEqual(
      Array(10).fill(401),
    );
    expect(await statusesOf(5, () => signIn(direct, '127.0.0.6', email!, WRONG))).toEqual(Array(5).fill(401));
    // Past the ceiling, an address that already failed on the account is turned away for the window...
    const refused = await signIn(direct, '127.0.0.6', email!, WRONG);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(authMessages.tooManyAttemptsOnAccount);
    expect(Number(refused.retryAfter)).toBeGreaterThan(60);
    // ...an address new to it has one try...
    expect(await statusesOf(3, () => signIn(direct, '127.0.0.7', email!, WRONG))).toEqual([401, 429, 429]);
    // ...and so does the owner, whose right password signs in.
    expect((await signIn(direct, '127.0.0.1', email!, PASSWORD)).status).toBe(200);
    expect((await signIn(direct, '127.0.0.8', email!, PASSWORD)).status).toBe(200);

    const warnings = async () =>
      (await direct.testApp.outbox()).filter(
        (message) => message.to === email && message.subject.startsWith('Many wrong passwords'),
      );
    await waitFor(warnings, (found) => found.length >= 1);
    await settle();
    const [warning, ...more] = await warnings();
    expect(more).toEqual([]);
    expect(warning!.text).toContain('http://localhost:3000/login');
  });

  it('limits reset requests per address without keeping a working link from the owner', async () => {
    const [email] = await createAccounts(direct, 1);
    const reset = (from: string, address = email!) =>
      post(direct, from, '/api/password/reset-request/', { email: address });
    const flood = await statusesOf(12, () => reset('127.0.0.9'));
    expect(flood).toEqual([...Array(10).fill(200), 429, 429]);
    const owner = await reset('127.0.0.1');
    expect(owner.status).toBe(200);
    expect(owner.body.message).toBe(authMessages.resetRequestSent);

    // Five reset emails in a link's lifetime, then no more; the latest of them works.
    const resets = async () =>
      (await direct.testApp.outbox()).filter(
        (message) => message.to === email && message.subject === 'Reset your Pilgrim Soul password',
      );
    await waitFor(resets, (found) => found.length >= 5);
    await settle();
    const sent = await resets();
    expect(sent).toHaveLength(5);
    const valid = await Promise.all(
      sent.map(async (message) => {
        const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.text)![1]!;
        return (await post(direct, '127.0.0.1', '/api/password/verify-token/', { token })).body.valid;
      }),
    );
    expect(valid.filter(Boolean)).toHaveLength(1);

    // Asking for many accounts from one address trips that address's limit.
    const spread = await statusesOf(31, (index) => reset('127.0.0.10', `nobody.${index}@example.com`));
    expect(spread.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(spread[30]).toBe(429);
  });
});

describe(`TRUST_PROXY on ${process.env.TEST_DB}`, () => {
  let proxied: Served;
  beforeAll(async () => {
    proxied = await serve({ TRUST_PROXY: '127.0.0.1', AUTH_RATE_LIMIT_PER_IP: '5' });
  });
  afterAll(() => proxied.testApp.close());

  it('takes the forwarded address from a trusted proxy, and only from it', async () => {
    const emails = await createAccounts(proxied, 35);
    const fromProxy = await statusesOf(35, (index) =>
      signIn(proxied, '127.0.0.1', emails[index]!, WRONG, forwardedFor(index)),
    );
    expect(fromProxy).toEqual(Array(35).fill(401));
    // One forwarded client is limited as itself.
    const oneClient = await statusesOf(6, (index) =>
      signIn(proxied, '127.0.0.1', emails[index]!, WRONG, { 'x-forwarded-for': '198.51.100.7' }),
    );
    expect(oneClient).toEqual([...Array(5).fill(401), 429]);
    // A peer that is not the proxy cannot choose its address.
    const notTheProxy = await statusesOf(6, (index) =>
      signIn(proxied, '127.0.0.2', emails[index]!, WRONG, forwardedFor(100 + index)),
    );
    expect(notTheProxy).toEqual([...Array(5).fill(401), 429]);
  });

  it('trusts a hop count of proxies', async () => {
    const hops = await serve({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_IP: '2' });
    try {
      const emails = await createAccounts(hops, 3);
      const spread = await statusesOf(3, (index) =>
        signIn(hops, '127.0.0.2', emails[index]!, WRONG, {
          'x-forwarded-for': `192.0.2.99, 198.51.100.${index + 1}`,
        }),
      );
      expect(spread).toEqual([401, 401, 401]);
      // The address one hop out is the client, whatever the client wrote before it.
      const same = await statusesOf(3, (index) =>
        signIn(hops, '127.0.0.2', emails[index]!, WRONG, {
          'x-forwarded-for': `192.0.2.${index}, 198.51.100.50`,
        }),
      );
      expect(same).toEqual([401, 401, 429]);
    } finally {
      await hops.testApp.close();
    }
  });
});
