import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterMessages } from '#contract/newsletter.ts';
import { createTestApp, type OutboxMessage, type TestApp } from '#test/test-app.ts';
import { newsletterSubscribers } from './tables.ts';

describe(`newsletter on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const post = (url: string, payload: object) => testApp.app.inject({ method: 'POST', url, payload });
  const subscribe = (email: string, optIn: unknown = true) =>
    post('/api/newsletter/subscribe/', { email, optIn });
  const rowFor = async (email: string) =>
    (await testApp.deps.db.select().from(newsletterSubscribers)).filter((row) => row.email === email);
  const mailsTo = async (email: string) => (await testApp.outbox()).filter((mail) => mail.to === email);
  const tokenIn = (mail: OutboxMessage, path: string) => {
    const match = new RegExp(`http://localhost:3000${path}\\?token=([A-Za-z0-9._-]+)`).exec(mail.text);
    if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
    return match[1]!;
  };
  const expectUnsubscribeHeaders = (mail: OutboxMessage) => {
    const token = tokenIn(mail, '/newsletter/unsubscribe');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/newsletter/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    return token;
  };

  it('refuses an empty email, a malformed one, a missing opt-in and HTML, naming the field', async () => {
    const empty = await subscribe('  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: newsletterMessages.emailRequired, field: 'email' });
    const malformed = await subscribe('not-an-email');
    expect(malformed.json()).toMatchObject({ error: 'Please enter a valid email address', field: 'email' });
    const html = await subscribe('<script>alert(1)</script>@example.com');
    expect(html.statusCode).toBe(400);
    expect(html.json().field).toBe('email');
    const noOptIn = await subscribe('walker@example.com', false);
    expect(noOptIn.json()).toMatchObject({ error: newsletterMessages.optInRequired, field: 'optIn' });
    const tooLong = await subscribe(`${'a'.repeat(300)}@example.com`);
    expect(tooLong.statusCode).toBe(400);
    expect(await rowFor('walker@example.com')).toEqual([]);
  });

  it('keeps a new address pending until the confirm POST; following the link with GET subscribes nobody', async () => {
    const response = await subscribe('  Pilgrim.One@Example.com ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: 'pilgrim.one@example.com',
      message: newsletterMessages.confirmationOnItsWay,
    });
    const [mail] = await mailsTo('pilgrim.one@example.com');
    expect(mail!.subject).toBe('Please confirm your letters from Pilgrim Soul');
    expectUnsubscribeHeaders(mail!);
    const token = tokenIn(mail!, '/newsletter/confirm');

    const scanner = await testApp.app.inject({ method: 'GET', url: `/newsletter/confirm?token=${token}` });
    expect(scanner.statusCode).toBeLessThan(500);
    const scannerApi = await testApp.app.inject({
      method: 'GET',
      url: `/api/newsletter/confirm/?token=${token}`,
    });
    expect(scannerApi.statusCode).toBe(404);
    expect((await rowFor('pilgrim.one@example.com'))[0]!.status).toBe('pending');

    const confirmed = await post('/api/newsletter/confirm/', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'pilgrim.one@example.com', status: 'confirmed' });
    const [row] = await rowFor('pilgrim.one@example.com');
    expect(row!.status).toBe('confirmed');
    expect(row!.confirmedAt).toBeInstanceOf(Date);

    const welcome = (await mailsTo('pilgrim.one@example.com')).at(-1)!;
    expect(welcome.subject).toBe('Welcome to letters from Pilgrim Soul');
    expectUnsubscribeHeaders(welcome);

    const again = await post('/api/newsletter/confirm/', { token });
    expect(again.json()).toEqual({ email: 'pilgrim.one@example.com', status: 'confirmed' });
    expect(await mailsTo('pilgrim.one@example.com')).toHaveLength(2);
  });

  it('treats a double subscription as harmless: one row, and nothing new for a confirmed address', async () => {
    const first = await subscribe('twice@example.com');
    const second = await subscribe('TWICE@example.com');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await rowFor('twice@example.com')).toHaveLength(1);
    const mails = await mailsTo('twice@example.com');
    expect(mails).toHaveLength(2);
    const staleToken = tokenIn(mails[0]!, '/newsletter/confirm');
    expect((await post('/api/newsletter/confirm/', { token: staleToken })).statusCode).toBe(400);
    await post('/api/newsletter/confirm/', { token: tokenIn(mails[1]!, '/newsletter/confirm') });

    const third = await subscribe('twice@example.com');
    expect(third.json()).toEqual(first.json());
    expect(await mailsTo('twice@example.com')).toHaveLength(3);
    expect((await rowFor('twice@example.com'))[0]!.status).toBe('confirmed');
  });

  it('unsubscribes by the RFC 8058 one-click POST a mail client sends', async () => {
    await subscribe('oneclick@example.com');
    const [mail] = await mailsTo('oneclick@example.com');
    await post('/api/newsletter/confirm/', { token: tokenIn(mail!, '/newsletter/confirm') });
    const welcome = (await mailsTo('oneclick@example.com')).at(-1)!;
    const listUnsubscribe = welcome.headers!['List-Unsubscribe']!.slice(1, -1);
    const url = new URL(listUnsubscribe);
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'unsubscribed' });
    const [row] = await rowFor('oneclick@example.com');
    expect(row!.status).toBe('unsubscribed');
    expect(row!.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('unsubscribes from the page with a JSON token, repeatably, and refuses a forged token', async () => {
    await subscribe('page@example.com');
    const [mail] = await mailsTo('page@example.com');
    const token = tokenIn(mail!, '/newsletter/unsubscribe');
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await post('/api/newsletter/unsubscribe/', { token });
      expect(response.json()).toEqual({ status: 'unsubscribed' });
    }
    expect((await rowFor('page@example.com'))[0]!.status).toBe('unsubscribed');
    const confirmAfter = await post('/api/newsletter/confirm/', {
      token: tokenIn(mail!, '/newsletter/confirm'),
    });
    expect(confirmAfter.statusCode).toBe(400);

    const [id] = token.split('.');
    const forged = await post('/api/newsletter/unsubscribe/', { token: `${id}.${'A'.repeat(32)}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: newsletterMessages.unsubscribeInvalid, field: 'token' });
    const missing = await post('/api/newsletter/unsubscribe/', {});
    expect(missing.json()).toMatchObject({ error: newsletterMessages.missingToken, field: 'token' });

    const back = await subscribe('page@example.com');
    expect(back.statusCode).toBe(200);
    expect((await rowFor('page@example.com'))[0]!.status).toBe('pending');
  });

  it('refuses an expired or unknown confirmation token', async () => {
    await subscribe('late@example.com');
    const [mail] = await mailsTo('late@example.com');
    await testApp.deps.db
      .update(newsletterSubscribers)
      .set({ confirmExpiresAt: sql`now() - interval '1 minute'` })
      .where(sql`${newsletterSubscribers.email} = 'late@example.com'`);
    const expired = await post('/api/newsletter/confirm/', { token: tokenIn(mail!, '/newsletter/confirm') });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: newsletterMessages.confirmInvalid, field: 'token' });
    expect((await post('/api/newsletter/confirm/', { token: 'nope' })).statusCode).toBe(400);
    expect((await rowFor('late@example.com'))[0]!.status).toBe('pending');
  });

  it('stops sending confirmation emails to one address after five requests in an hour', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await subscribe('flooded@example.com')).statusCode).toBe(200);
    }
    const flooded = await subscribe('flooded@example.com');
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().error).toBe(
      'We have already sent several emails to this address. Please check your inbox.',
    );
    expect(await mailsTo('flooded@example.com')).toHaveLength(5);
  });
  it('does not deliver a queued letter to someone who unsubscribed meanwhile', async () => {
    await subscribe('changed.mind@example.com');
    const [mail] = await mailsTo('changed.mind@example.com');
    await post('/api/newsletter/confirm/', { token: tokenIn(mail!, '/newsletter/confirm') });
    const [row] = await rowFor('changed.mind@example.com');
    await post('/api/newsletter/unsubscribe/', { token: tokenIn(mail!, '/newsletter/unsubscribe') });
    await testApp.deps.services.newsletter.deliverLetter({
      letterId: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
      subscriberId: row!.id,
      subject: 'Too late',
      text: 'You should not see this.',
    });
    expect((await mailsTo('changed.mind@example.com')).map((message) => message.subject)).not.toContain(
      'Too late',
    );
  });
});
