import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages as chatWords, SAFETY_REPLY } from '#contract/vela.ts';
import { type FakeModelServer, json, openAiStream, startFakeModelServer } from '#test/fake-model-server.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { caminoProfile, createUser } from '#test/users.ts';
import { chatMessages } from './tables.ts';

const chatBody = (inputs: string, extra: Record<string, unknown> = {}) => ({
  vibe: 'Agnostic',
  inputs,
  parameters: { max_new_tokens: 70, temperature: 0, top_p: 0.9, do_sample: true },
  ...extra,
});

/** One cry for help per language, the pilgrim's country, and what the crisis reply must then say. */
const cries = [
  { language: 'en', inputs: 'I want to die', nationality: 'GB', says: 'You matter', line: '116 123' },
  {
    language: 'es',
    inputs: 'no quiero seguir viviendo',
    nationality: 'ES',
    says: 'Tu vida importa',
    line: '024',
  },
  {
    language: 'pt',
    inputs: 'quero morrer',
    nationality: 'PT',
    says: 'A sua vida importa',
    line: '808 24 24 24',
  },
  {
    language: 'it',
    inputs: 'voglio morire',
    nationality: 'IT',
    says: 'La tua vita conta',
    line: '02 2327 2327',
  },
  {
    language: 'de',
    inputs: 'ich will nicht mehr leben',
    nationality: 'DE',
    says: 'Du bist wichtig',
    line: '0800 111 0 111',
  },
  {
    language: 'fr',
    inputs: "j'ai envie de me suicider",
    nationality: 'FR',
    says: 'Vous comptez',
    line: '3114',
  },
] as const;

/** Reads the events of a server-sent event stream body. */
const eventsOf = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((frame) => {
      const [eventLine, dataLine] = frame.split('\n');
      return { event: eventLine!.replace('event: ', ''), data: JSON.parse(dataLine!.replace('data: ', '')) };
    });

describe(`Vela chat with the offline guide on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('needs a signed-in user', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/',
      payload: chatBody('Hello'),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('Authentication required. Please log in again.');
  });

  it('answers in the spec shape and keeps the conversation', async () => {
    const pilgrim = await createUser(testApp, caminoProfile);
    const first = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: pilgrim.headers,
      payload: chatBody('I walked from Sarria with my sister.'),
    });
    expect(first.statusCode).toBe(200);
    const [item] = first.json();
    expect(item.generated_text).toMatch(/sister/);
    expect(item.generated_text).toMatch(/[.!?]$/);

    const history = await testApp.app.inject({
      method: 'GET',
      url: '/api/chat/history/',
      headers: pilgrim.headers,
    });
    expect(history.json()).toMatchObject({
      mode: 'offline',
      teacher_name: 'Thich Nhat Hanh',
      nationality: 'ES',
      messages: [
        { role: 'user', content: 'I walked from Sarria with my sister.', safety: null },
        { role: 'assistant', content: item.generated_text, safety: null },
      ],
    });
  });

  it('streams a reply as server-sent events and stores the cleaned text', async () => {
    const pilgrim = await createUser(testApp, caminoProfile);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/stream/',
      headers: pilgrim.headers,
      payload: chatBody('The meseta was long and quiet.'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = eventsOf(response.body);
    const tokens = events.filter((event) => event.event === 'token');
    expect(tokens.length).toBeGreaterThan(3);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(tokens.map((event) => event.data.text).join('')).toBe(done.data.generated_text);
    const rows = await testApp.deps.db.select().from(chatMessages).where(eq(chatMessages.userId, pilgrim.id));
    expect(rows.map((row) => row.content)).toContain(done.data.generated_text);
  });

  it('meets a cry for help in any language with the crisis reply in that language, never the rebuke', async () => {
    for (const cry of cries) {
      const pilgrim = await createUser(testApp, { ...caminoProfile, nationality: cry.nationality });
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/chat/',
        headers: pilgrim.headers,
        payload: chatBody(cry.inputs),
      });
      expect(response.statusCode).toBe(200);
      const [item] = response.json();
      expect(item.safety, cry.inputs).toBe('selfHarm');
      expect(item.generated_text, cry.inputs).toContain(cry.says);
      expect(item.generated_text, cry.inputs).toContain(cry.line);
      expect(item.generated_text, cry.inputs).toContain('https://findahelpline.com');
      expect(item.generated_text).not.toContain(SAFETY_REPLY);
      expect(item.generated_text).not.toMatch(/I am taking in that|I hear that/);
      expect(item.helpline).toMatchObject({ country: cry.nationality, crisis: { phone: cry.line } });
    }
  });

  it('streams the crisis reply, keeps it out of later prompts, and keeps the conversation open', async () => {
    const pilgrim = await createUser(testApp, { ...caminoProfile, nationality: null });
    const stream = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/stream/',
      headers: pilgrim.headers,
      payload: chatBody('Je veux mourir.'),
    });
    expect(stream.statusCode).toBe(200);
    const events = eventsOf(stream.body);
    expect(events.map((event) => event.event)).toEqual(['done']);
    expect(events[0]!.data).toMatchObject({ safety: 'selfHarm', helpline: { country: 'FR' } });
    expect(events[0]!.data.generated_text).toContain('3114');

    const next = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: pilgrim.headers,
      payload: chatBody('Thank you. I walked from Le Puy last year.'),
    });
    expect(next.statusCode).toBe(200);
    expect(next.json()[0].safety).toBeUndefined();

    const history = await testApp.app.inject({
      method: 'GET',
      url: '/api/chat/history/',
      headers: pilgrim.headers,
    });
    expect(
      history.json().messages.map((message: { role: string; safety: string | null }) => message.safety),
    ).toEqual(['selfHarm', 'selfHarm', null, null]);
  });

  it('gives the abuse line for abuse, no helpline for hate, and the directory for an unlisted country', async () => {
    const spanish = await createUser(testApp, { ...caminoProfile, nationality: 'ES' });
    const abuse = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: spanish.headers,
      payload: chatBody('my husband hits me'),
    });
    expect(abuse.json()[0].generated_text).toContain('016');
    const hate = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: spanish.headers,
      payload: chatBody('I hate all immigrants'),
    });
    expect(hate.json()).toEqual([{ generated_text: SAFETY_REPLY, safety: 'hate' }]);
    const elsewhere = await createUser(testApp, { ...caminoProfile, nationality: 'AQ' });
    const directory = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: elsewhere.headers,
      payload: chatBody('I feel suicidal'),
    });
    expect(directory.json()[0].helpline.country).toBe('INTL');
    expect(directory.json()[0].generated_text).toContain('https://findahelpline.com');
  });

  it('rejects an over-long message and bad parameters with clear errors, and clamps the rest', async () => {
    const pilgrim = await createUser(testApp, caminoProfile);
    const long = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: pilgrim.headers,
      payload: chatBody('a'.repeat(2001)),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: chatWords.messageTooLong, field: 'inputs' });
    const badType = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: pilgrim.headers,
      payload: chatBody('hi', { parameters: { temperature: 'hot' } }),
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error).toBe('parameters.temperature must be a number');
    const clamped = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: pilgrim.headers,
      payload: chatBody('hi', {
        parameters: { max_new_tokens: 99999, temperature: 9, top_p: 3, do_sample: true },
      }),
    });
    expect(clamped.statusCode).toBe(200);
  });

  it('clears the conversation', async () => {
    const pilgrim = await createUser(testApp, caminoProfile);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: pilgrim.headers,
      payload: chatBody('Hi'),
    });
    const cleared = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/chat/history/',
      headers: pilgrim.headers,
    });
    expect(cleared.json()).toEqual({ deleted: 2 });
    const history = await testApp.app.inject({
      method: 'GET',
      url: '/api/chat/history/',
      headers: pilgrim.headers,
    });
    expect(history.json().messages).toEqual([]);
  });

  it('limits each pilgrim to 20 messages a minute', async () => {
    const pilgrim = await createUser(testApp, caminoProfile);
    const statuses: number[] = [];
    for (let count = 0; count < 21; count++) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/chat/',
        headers: pilgrim.headers,
        payload: chatBody(`message ${count}`),
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().error).toBe(chatWords.rateLimited);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers questions as questions, Camino facts from what it carries, and never repeats a reply', async () => {
    const pilgrim = await createUser(testApp, caminoProfile);
    const say = async (inputs: string) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/chat/',
        headers: pilgrim.headers,
        payload: chatBody(inputs, { vibe: 'Faith-based' }),
      });
      expect(response.statusCode).toBe(200);
      return response.json()[0].generated_text as string;
    };
    const why = await say('Why do I miss the walking so much?');
    expect(why).not.toMatch(/miss the walking/);
    expect(why).toMatch(/\?$/);
    const frances = await say('Tell me about the Camino Francés');
    expect(frances).toMatch(/^I’m Vela’s offline guide|offline guide/);
    expect(frances).toContain('about 780 km');
    const thanks = [await say('thanks'), await say('thanks'), await say('thanks')];
    expect(new Set(thanks).size).toBe(3);
    for (const reply of thanks) expect(reply).not.toMatch(/that thanks/);

    const stored = await testApp.app.inject({
      method: 'GET',
      url: '/api/chat/history/',
      headers: pilgrim.headers,
    });
    const replies = stored
      .json()
      .messages.filter((message: { role: string }) => message.role === 'assistant')
      .map((message: { content: string }) => message.content);
    expect(replies).toEqual([why, frances, ...thanks]);
  });

  it('publishes the helpline table and the mode', async () => {
    const helplines = await testApp.app.inject({ method: 'GET', url: '/api/chat/helplines/' });
    const codes = helplines.json().helplines.map((line: { country: string }) => line.country);
    for (const code of ['ES', 'US', 'IT', 'DE', 'PT', 'GB', 'FR', 'IE', 'KR', 'CA', 'AU', 'BR', 'MX'])
      expect(codes).toContain(code);
    expect(helplines.json().international.directory.url).toBe('https://findahelpline.com');
    const config = await testApp.app.inject({ method: 'GET', url: '/api/chat/config/' });
    expect(config.json()).toEqual({ mode: 'offline', teacher_name: 'Thich Nhat Hanh' });
  });
});

describe(`Vela chat through an OpenAI-compatible server on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let model: FakeModelServer;
  beforeAll(async () => {
    model = await startFakeModelServer();
    testApp = await createTestApp({
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: `${model.url}/v1`,
      LLM_API_KEY: 'sk-test',
      LLM_TIMEOUT_MS: '500',
      VELA_TEACHER_NAME: 'Hildegard of Bingen',
    });
  });
  afterAll(async () => {
    await testApp.close();
    await model.close();
  });

  it('grounds the prompt in the pilgrim’s worldview and dates, and cleans the reply', async () => {
    const pilgrim = await createUser(testApp, { ...caminoProfile, vibe: 'Unknown Worldview' });
    model.respondWith(
      openAiStream(['Vela: What ', 'did the road ', 'give you? What did the road give you?']),
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: pilgrim.headers,
      payload: chatBody('I am home now.', { vibe: 'Unknown Worldview' }),
    });
    expect(response.json()).toEqual([{ generated_text: 'What did the road give you?' }]);
    const system = (model.requests.at(-1)!.body.messages as { content: string }[])[0]!.content;
    expect(system).toContain('Hildegard of Bingen');
    expect(system).toContain('2026-05-01');
    expect(system).toContain('30 days');
    expect(system).toContain('not a therapist or doctor');
  });

  it('answers a cry for help in every language without calling the model', async () => {
    const before = model.requests.length;
    for (const cry of cries) {
      const pilgrim = await createUser(testApp, { ...caminoProfile, nationality: cry.nationality });
      for (const url of ['/api/chat/', '/api/chat/stream/']) {
        const response = await testApp.app.inject({
          method: 'POST',
          url,
          headers: pilgrim.headers,
          payload: chatBody(cry.inputs),
        });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, `${cry.language} ${url}`).toContain(cry.says);
        expect(response.body).not.toContain(SAFETY_REPLY);
      }
    }
    expect(model.requests.length).toBe(before);
  });

  it('never sends a safety phrase, nor later a flagged message, to the model', async () => {
    const pilgrim = await createUser(testApp, caminoProfile);
    const before = model.requests.length;
    await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/stream/',
      headers: pilgrim.headers,
      payload: chatBody('I want to kill myself'),
    });
    expect(model.requests.length).toBe(before);
    model.respondWith(openAiStream(['I am here.']));
    await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: pilgrim.headers,
      payload: chatBody('Hello again'),
    });
    const sent = JSON.stringify(model.requests.at(-1)!.body);
    expect(sent).not.toContain('kill myself');
    expect(sent).not.toContain(SAFETY_REPLY);
  });

  it('streams the model’s pieces as they come', async () => {
    const pilgrim = await createUser(testApp, caminoProfile);
    model.respondWith(openAiStream(['Buen ', 'Camino', ', pilgrim']));
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/stream/',
      headers: pilgrim.headers,
      payload: chatBody('Thank you'),
    });
    const events = eventsOf(response.body);
    expect(events.map((event) => event.event)).toEqual(['token', 'token', 'token', 'done']);
    expect(events.at(-1)!.data.generated_text).toBe('Buen Camino, pilgrim.');
  });

  it('maps provider failures to the statuses the chat turns into the spec’s replies', async () => {
    const pilgrim = await createUser(testApp, caminoProfile);
    const cases: [() => void, number, RegExp][] = [
      [() => model.respondWith(json(401, { error: { message: 'bad key' } })), 502, /401/],
      [() => model.respondWith(json(503, { error: { message: 'busy' } })), 503, /overloaded/],
      [() => model.respondWith(json(502, { error: { message: 'gateway' } })), 503, /overloaded/],
      [() => model.respondWith(json(500, { error: { message: 'boom' } })), 500, /could not process/],
      [() => model.respondWith(() => undefined), 504, /in time/],
    ];
    for (const [arrange, status, message] of cases) {
      arrange();
      for (const url of ['/api/chat/', '/api/chat/stream/']) {
        const response = await testApp.app.inject({
          method: 'POST',
          url,
          headers: pilgrim.headers,
          payload: chatBody('Hello'),
        });
        expect(response.statusCode, url).toBe(status);
        expect(response.json().error).toMatch(message);
      }
    }
    model.respondWith(openAiStream([]));
    const empty = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: pilgrim.headers,
      payload: chatBody('Hello'),
    });
    expect(empty.json()).toEqual([]);
    const history = await testApp.app.inject({
      method: 'GET',
      url: '/api/chat/history/',
      headers: pilgrim.headers,
    });
    expect(history.json().mode).toBe('openai');
    expect(
      history.json().messages.filter((message: { role: string }) => message.role === 'user'),
    ).toHaveLength(1);
  });
});
