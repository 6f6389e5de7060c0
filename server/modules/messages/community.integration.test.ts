import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityMessages } from '#contract/community.ts';
import { createTestApp, type OutboxMessage, type TestApp } from '#test/test-app.ts';

const waitForMail = async (testApp: TestApp, match: (message: OutboxMessage) => boolean) => {
  const started = Date.now();
  for (;;) {
    const found = (await testApp.outbox()).filter(match);
    if (found.length > 0) return found;
    if (Date.now() - started > 20_000) throw new Error('no matching email arrived');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

let addressCounter = 0;
const nextAddress = () => `10.1.0.${++addressCounter}`;

describe(`join and volunteer on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const post = (url: string, payload: unknown, remoteAddress = nextAddress()) =>
    testApp.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

  const storedFor = async (email: string) =>
    (await testApp.deps.services.messages.listCommunityRequests()).filter((item) => item.email === email);

  it('stores a join request and welcomes the new member by email', async () => {
    const response = await post('/api/join/', {
      name: 'Rosa Camino',
      email: 'rosa@example.com',
      audience: 'soul-companion',
      message: 'I am a spiritual director in Leeds.',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });
    expect(await storedFor('rosa@example.com')).toEqual([
      expect.objectContaining({
        kind: 'join',
        name: 'Rosa Camino',
        interest: 'soul-companion',
        message: 'I am a spiritual director in Leeds.',
        handled: false,
      }),
    ]);
    const [welcome] = await waitForMail(testApp, (mail) => mail.to === 'rosa@example.com');
    expect(welcome!.subject).toBe('Welcome to the Pilgrim Soul community');
    expect(welcome!.text).toContain('Soul Companions');
    const [team] = await waitForMail(
      testApp,
      (mail) => mail.to === 'team@pilgrimsoul.local' && /Rosa/.test(mail.subject),
    );
    expect(team!.subject).toBe('New member: Rosa Camino (Soul Companions)');
  });

  it('accepts a join request without a message, as the spec form has only name and email', async () => {
    const response = await post('/api/join/', { name: 'Sam', email: 'sam@example.com', audience: 'pilgrim' });
    expect(response.statusCode).toBe(201);
    expect(await storedFor('sam@example.com')).toEqual([
      expect.objectContaining({ interest: 'pilgrim', message: '' }),
    ]);
  });

  it('stores a volunteer offer and thanks the volunteer by email', async () => {
    const response = await post('/api/volunteer/', {
      name: 'Tomás',
      email: 'tomas@example.com',
      areaOfInterest: 'soul-table',
      message: 'I love to cook for a crowd.',
    });
    expect(response.statusCode).toBe(201);
    expect(await storedFor('tomas@example.com')).toEqual([
      expect.objectContaining({
        kind: 'volunteer',
        interest: 'soul-table',
        message: 'I love to cook for a crowd.',
      }),
    ]);
    const [thanks] = await waitForMail(testApp, (mail) => mail.to === 'tomas@example.com');
    expect(thanks!.subject).toBe('Thank you for offering to volunteer');
    expect(thanks!.text).toContain('Soul Table meals');
  });

  it.each([
    ['/api/join/', { email: 'a@example.com', audience: 'pilgrim' }, 'name', 'Please enter your name'],
    [
      '/api/join/',
      { name: 'A', email: 'nope', audience: 'pilgrim' },
      'email',
      'Please enter a valid email address',
    ],
    ['/api/join/', { name: 'A', email: 'a@example.com' }, 'audience', communityMessages.audienceRequired],
    [
      '/api/join/',
      { name: 'A', email: 'a@example.com', audience: 'bishop' },
      'audience',
      communityMessages.audienceRequired,
    ],
    [
      '/api/join/',
      { name: 'A', email: 'a@example.com', audience: 'pilgrim', message: 'x'.repeat(5001) },
      'message',
      null,
    ],
    [
      '/api/volunteer/',
      { name: 'A', email: 'a@example.com', message: 'Hi' },
      'areaOfInterest',
      communityMessages.areaRequired,
    ],
    [
      '/api/volunteer/',
      { name: 'A', email: 'a@example.com', areaOfInterest: 'other' },
      'message',
      'Please write a message',
    ],
    [
      '/api/volunteer/',
      { name: 'A'.repeat(200), email: 'a@example.com', areaOfInterest: 'other', message: 'Hi' },
      'name',
      null,
    ],
  ])('refuses bad input to %s (%#) with a 400 naming the field', async (url, payload, field, message) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
    if (message) expect(response.json().error).toBe(message);
  });

  it('stores HTML and script as plain text', async () => {
    const script = '<img src=x onerror=alert(1)>';
    expect(
      (
        await post('/api/volunteer/', {
          name: script,
          email: 'xss@example.com',
          areaOfInterest: 'other',
          message: script,
        })
      ).statusCode,
    ).toBe(201);
    expect(await storedFor('xss@example.com')).toEqual([
      expect.objectContaining({ name: script, message: script }),
    ]);
  });

  it('thanks a bot that fills the hidden field but stores nothing', async () => {
    const response = await post('/api/join/', {
      name: 'Bot',
      email: 'bot@example.com',
      audience: 'pilgrim',
      website: 'spam.example',
    });
    expect(response.statusCode).toBe(201);
    expect(await storedFor('bot@example.com')).toEqual([]);
  });

  it('limits how many requests one address can send in a short time', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await post(
        '/api/join/',
        { name: 'N', email: `n${attempt}@example.com`, audience: 'pilgrim' },
        address,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('lets the admin console filter by kind and mark a request handled', async () => {
    const volunteers = await testApp.deps.services.messages.listCommunityRequests({ kind: 'volunteer' });
    expect(volunteers.length).toBeGreaterThan(0);
    expect(volunteers.every((item) => item.kind === 'volunteer')).toBe(true);
    const updated = await testApp.deps.services.messages.setCommunityRequestHandled(volunteers[0]!.id, true);
    expect(updated.handled).toBe(true);
    await expect(testApp.deps.services.messages.setCommunityRequestHandled('nope', true)).rejects.toThrow(
      'Request not found',
    );
  });
});
