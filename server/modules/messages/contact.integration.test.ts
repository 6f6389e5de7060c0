import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '#contract/contact.ts';
import { createTestApp, type OutboxMessage, type TestApp } from '#test/test-app.ts';

const waitForMail = async (testApp: TestApp, match: (message: OutboxMessage) => boolean, count = 1) => {
  const started = Date.now();
  for (;;) {
    const found = (await testApp.outbox()).filter(match);
    if (found.length >= count) return found;
    if (Date.now() - started > 20_000) throw new Error('no matching email arrived');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

let addressCounter = 0;
/** Each test sends from its own address, so the per-address limit only bites where a test wants it. */
const nextAddress = () => `10.0.0.${++addressCounter}`;

describe(`POST /api/contact/ on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const post = (payload: unknown, remoteAddress = nextAddress()) =>
    testApp.app.inject({ method: 'POST', url: '/api/contact/', payload: payload as object, remoteAddress });

  it('stores a simple message, emails the team and acknowledges the sender with the 48-hour promise', async () => {
    const response = await post({ name: 'Ana Peregrina', email: 'Ana@Example.com', message: 'Buen Camino!' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });

    const [stored] = (await testApp.deps.services.messages.listContactMessages()).filter(
      (item) => item.email === 'ana@example.com',
    );
    expect(stored).toMatchObject({
      kind: 'contact',
      name: 'Ana Peregrina',
      message: 'Buen Camino!',
      handled: false,
    });

    const [team] = await waitForMail(
      testApp,
      (mail) => mail.to === 'team@pilgrimsoul.local' && /Ana/.test(mail.subject),
    );
    expect(team!.subject).toBe('New message from Ana Peregrina');
    expect(team!.text).toContain('Buen Camino!');
    expect(team!.headers?.['Reply-To']).toBe('ana@example.com');
    const [ack] = await waitForMail(testApp, (mail) => mail.to === 'ana@example.com');
    expect(ack!.subject).toBe('We received your message');
    expect(ack!.text).toContain('within 48 hours');
    expect(ack!.text).not.toContain('Buen Camino!');
  });

  it('stores an inquiry with its reasons and names them to the team', async () => {
    const response = await post({
      fullName: 'Bernard Walker',
      email: 'bernard@example.com',
      message: 'Could we talk about a partnership?',
      inquiryTypes: ['partnership', 'press', 'partnership'],
    });
    expect(response.statusCode).toBe(201);
    const [stored] = (await testApp.deps.services.messages.listContactMessages({ kind: 'inquiry' })).filter(
      (item) => item.email === 'bernard@example.com',
    );
    expect(stored).toMatchObject({
      kind: 'inquiry',
      name: 'Bernard Walker',
      inquiry_types: ['partnership', 'press'],
    });
    const [team] = await waitForMail(
      testApp,
      (mail) => mail.to === 'team@pilgrimsoul.local' && /Bernard/.test(mail.subject),
    );
    expect(team!.subject).toBe('New inquiry from Bernard Walker: Partnership, Press and media');
  });

  it('keeps inquiry reasons of other clients as sent, and refuses one too long to be a reason', async () => {
    const kept = await post({
      fullName: 'Chloe',
      email: 'chloe-reasons@example.com',
      message: 'Hello',
      inquiryTypes: ['general', 'Soul Stories', 'Walking with my dog'],
    });
    expect(kept.statusCode).toBe(201);
    const [stored] = (await testApp.deps.services.messages.listContactMessages()).filter(
      (item) => item.email === 'chloe-reasons@example.com',
    );
    expect(stored!.inquiry_types).toEqual(['general', 'Soul Stories', 'Walking with my dog']);

    const tooLong = await post({
      fullName: 'Chloe',
      email: 'chloe@example.com',
      message: 'Hello',
      inquiryTypes: ['general', 'x'.repeat(101)],
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      error: contactMessages.inquiryTypeTooLong,
      field: 'inquiryTypes.1',
    });
  });

  it.each([
    [{ email: 'x@example.com', message: 'Hi' }, 'name', contactMessages.nameRequired],
    [{ name: '   ', email: 'x@example.com', message: 'Hi' }, 'name', contactMessages.nameRequired],
    [{ name: 'X', email: 'not-an-email', message: 'Hi' }, 'email', 'Please enter a valid email address'],
    [{ name: 'X', email: 'x@example.com', message: '' }, 'message', contactMessages.messageRequired],
    [
      { name: 'X'.repeat(121), email: 'x@example.com', message: 'Hi' },
      'name',
      'Name must be at most 120 characters',
    ],
    [
      { name: 'X', email: 'x@example.com', message: 'm'.repeat(5001) },
      'message',
      'Message must be at most 5000 characters',
    ],
    [
      { fullName: 'X', email: 'x@example.com', message: 'Hi', inquiryTypes: { press: true } },
      'inquiryTypes',
      'inquiryTypes must be a list of inquiry reasons',
    ],
  ])('refuses bad input %# with a 400 naming the field', async (payload, field, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
    if (message) expect(response.json().error).toBe(message);
  });

  it('stores HTML and script as plain text', async () => {
    const script = '<script>alert("hi")</script><b>bold</b>';
    const response = await post({ name: script, email: 'html@example.com', message: script });
    expect(response.statusCode).toBe(201);
    const [stored] = (await testApp.deps.services.messages.listContactMessages()).filter(
      (item) => item.email === 'html@example.com',
    );
    expect(stored).toMatchObject({ name: script, message: script });
  });

  it('thanks a bot that fills the hidden field but stores and sends nothing', async () => {
    const response = await post({
      name: 'Bot',
      email: 'bot@example.com',
      message: 'Buy now',
      website: 'http://spam',
    });
    expect(response.statusCode).toBe(201);
    expect(
      (await testApp.deps.services.messages.listContactMessages()).some(
        (item) => item.email === 'bot@example.com',
      ),
    ).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await testApp.outbox()).some((mail) => mail.to === 'bot@example.com')).toBe(false);
  });

  it('limits how many messages one address can send in a short time', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await post(
        { name: 'Eager', email: `eager${attempt}@example.com`, message: `Note ${attempt}` },
        address,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await post({ name: 'Eager', email: 'eager9@example.com', message: 'Again' }, address);
    expect(limited.json().error).toBe(contactMessages.tooMany);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('limits how many acknowledgements one recipient can receive', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push(
        (await post({ name: 'Dana', email: 'dana@example.com', message: `Note ${attempt}` })).statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('lets the admin console mark a message handled and refuses unknown ids', async () => {
    await post({ name: 'Eve', email: 'eve@example.com', message: 'Please call me back' });
    const [stored] = (await testApp.deps.services.messages.listContactMessages()).filter(
      (item) => item.email === 'eve@example.com',
    );
    const handled = await testApp.deps.services.messages.setContactMessageHandled(stored!.id, true);
    expect(handled.handled).toBe(true);
    const [reread] = (await testApp.deps.services.messages.listContactMessages()).filter(
      (item) => item.email === 'eve@example.com',
    );
    expect(reread!.handled).toBe(true);
    await expect(testApp.deps.services.messages.setContactMessageHandled('not-a-uuid', true)).rejects.toThrow(
      'Message not found',
    );
    await expect(
      testApp.deps.services.messages.setContactMessageHandled('00000000-0000-4000-8000-000000000000', true),
    ).rejects.toThrow('Message not found');
  });
});
