import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/identity/tables.ts';
import { resolveMediaTools } from '#server/media/ffmpeg.ts';
import { addNotification } from '#server/modules/notifications/index.ts';
import { ffmpeg, type MultipartPart, multipartBody } from './soul-stories.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { waitFor } from './wait-for.ts';

/**
 * The spec's section 7 is a contract with clients that already exist. This file is such a client:
 * every one of the 25 calls, with the payload exactly as section 7 lists it (parts in its order, empty
 * bodies, numbers as strings, extra fields), over one real keep-alive connection.
 */
const SECTION_7 = [
  'POST /api/register/',
  'POST /api/login/',
  'POST /api/password/reset-request/',
  'POST /api/password/verify-token/',
  'POST /api/password/reset/',
  'POST /api/contact/',
  'GET /api/profile/',
  'PUT /api/user/',
  'PUT /api/profile/',
  'POST /api/profile/upload/',
  'POST /api/create-payment-intent',
  'GET /api/soulstories/',
  'GET /api/soulstory/completed-prompts/',
  'GET /api/soulstory/concatenated/',
  'POST /api/soulstory/upload/',
  'POST /api/soulstories/reorder/',
  'DELETE /api/soulstory/{id}/delete/',
  'POST /api/chat/',
  'POST /api/reminder/schedule/',
  'GET /api/notifications/',
  'POST /api/notifications/mark-all-read/',
  'GET /api/posts/',
  'GET /api/posts/{id}/',
  'POST /api/survey/submit/',
  'GET /api/user/',
] as const;
const routePatterns = SECTION_7.map(
  (route) => [route, new RegExp(`^${route.replace('{id}', '[^/]+')}$`)] as const,
);

const MB = 1024 * 1024;
const ANSWER_TIMEOUT_MS = 20_000;
const PASSWORD = 'walking-to-santiago';

/** The empty bodies an old client sends to a call whose payload is "none" or "empty body". */
const emptyBodies: { label: string; headers: Record<string, string>; body: string }[] = [
  { label: 'Content-Type: application/json', headers: { 'content-type': 'application/json' }, body: '' },
  { label: 'Content-Type: text/plain', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: '' },
  {
    label: 'Content-Type: application/x-www-form-urlencoded',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  },
  { label: 'no content type', headers: {}, body: '' },
  {
    label: 'Content-Type: application/json, only whitespace',
    headers: { 'content-type': 'application/json' },
    body: ' \r\n',
  },
];

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the answer of a call whose shape the test then asserts.
  body: any;
}

interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  json?: unknown;
  body?: string | Buffer | Readable;
}

/** A multipart body written to disk once, so it is sent with its Content-Length as a browser does. */
interface FormOnDisk {
  headers: Record<string, string>;
  open(): Readable;
}

describe(`the spec's section 7 as an existing client calls it, over one keep-alive connection, on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let port: number;
  let work: string;
  let agent: http.Agent;
  /** Connections the server accepted, and how many of them it announced it would close. */
  let connectionsOpened = 0;
  let closesAnnounced = 0;
  let connectionsAbandoned = 0;
  const answered = new Set<string>();
  const media = { video: '', photo: '', smallPhoto: '', smallClip: '' };
  let forms = 0;

  const newAgent = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

  /** One call through the shared keep-alive agent, as an old client makes it. */
  const call = (method: string, url: string, options: CallOptions = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body = options.body;
      if (options.json !== undefined) {
        body = JSON.stringify(options.json);
        headers['content-type'] = 'application/json';
      }
      if (typeof body === 'string' || Buffer.isBuffer(body))
        headers['content-length'] = String(Buffer.byteLength(body));
      const request = http.request({ host: '127.0.0.1', port, method, path: url, agent, headers });
      let responded = false;
      const timer = setTimeout(() => {
        // A connection the server stopped reading: give up on it, so the calls after this one can go on.
        connectionsAbandoned++;
        request.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`));
        agent.destroy();
        agent = newAgent();
      }, ANSWER_TIMEOUT_MS);
      request.on('error', (error) => {
        // Once the answer is in hand, a refusal to read the rest of the body no longer matters here.
        if (responded) return;
        clearTimeout(timer);
        reject(new Error(`${method} ${url}: ${error.message}`));
      });
      request.on('response', (response) => {
        responded = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        response.on('end', () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = null;
          }
          const status = response.statusCode ?? 0;
          if (String(response.headers.connection).toLowerCase() === 'close') closesAnnounced++;
          const route = routePatterns.find(([, pattern]) => pattern.test(`${method} ${url}`))?.[0];
          if (route && status >= 200 && status < 300) answered.add(route);
          resolve({ status, headers: response.headers, text, body: parsed });
        });
      });
      if (body instanceof Readable) {
        body.on('error', (error) => request.destroy(error));
        body.pipe(request);
      } else request.end(body);
    });

  /** Fails with the server's answer, so a refused setup step says why. */
  const expectStatus = (answer: Answer, status: number | number[], what: string) => {
    const allowed = Array.isArray(status) ? status : [status];
    expect(allowed, `${what} answered ${answer.status} ${answer.text.slice(0, 300)}`).toContain(
      answer.status,
    );
  };
  const expectOk = (answer: Answer, what: string) =>
    expect(answer.status, `${what} answered ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(300);
  const expectRefused = (answer: Answer, what: string) => {
    expect(
      answer.status,
      `${what} answered ${answer.status} ${answer.text.slice(0, 300)}`,
    ).toBeGreaterThanOrEqual(400);
    expect(answer.status, `${what} answered ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(500);
    expect(typeof answer.body?.error, `${what}: ${answer.text.slice(0, 300)}`).toBe('string');
  };

  const form = async (parts: MultipartPart[]): Promise<FormOnDisk> => {
    const body = multipartBody(parts);
    const file = path.join(work, `form-${++forms}.bin`);
    await pipeline(body.payload, createWriteStream(file));
    const { size } = await stat(file);
    return {
      headers: { ...body.headers, 'content-length': String(size) },
      open: () => createReadStream(file),
    };
  };

  /** The spec's upload as the old client builds it: media first, then title, then type. */
  const mediaFirst = (file: string, title: string, type: string, contentType: string) =>
    form([
      {
        name: 'media',
        value: createReadStream(file),
        filename: `${title.replace(/\s+/g, '_')}${path.extname(file)}`,
        contentType,
      },
      { name: 'title', value: title },
      { name: 'type', value: type },
    ]);

  const send = (method: string, url: string, body: FormOnDisk, token?: string) =>
    call(method, url, { headers: body.headers, body: body.open(), ...(token ? { token } : {}) });

  let accounts = 0;
  /** A new pilgrim through POST /api/register/, with the four fields of section 7. */
  const signUp = async (nationality = 'Spain') => {
    const suffix = `${Date.now().toString(36)}${++accounts}`;
    const account = { username: `pilgrim${suffix}`, email: `pilgrim.${suffix}@example.com` };
    const answer = await call('POST', '/api/register/', {
      json: { ...account, password: PASSWORD, nationality },
    });
    expectStatus(answer, [200, 201], `register with nationality ${nationality}`);
    return { ...account, access: answer.body.access as string, refresh: answer.body.refresh as string };
  };

  /** A memory saved the way the project's own client sends it (fields first), as setup for other calls. */
  const saveMemory = async (token: string, file: string, type: string, title: string) => {
    const answer = await send(
      'POST',
      '/api/soulstory/upload/',
      await form([
        { name: 'title', value: title },
        { name: 'type', value: type },
        {
          name: 'media',
          value: createReadStream(file),
          filename: path.basename(file),
          contentType: type === 'photo' ? 'image/jpeg' : 'video/webm',
        },
      ]),
      token,
    );
    expectStatus(answer, 201, `saving a ${type} memory`);
    return answer.body.id as string;
  };

  /**
   * Makes calls one after the other on the shared connection and answers them with the number of new
   * connections the server accepted meanwhile. Every call is made before anything is asserted, so a
   * connection broken by the first call fails this test, not the next one.
   */
  const callsInARow = async (calls: (() => Promise<Answer>)[]) => {
    const before = connectionsOpened;
    const answers: Answer[] = [];
    for (const make of calls) {
      const previous = answers.at(-1);
      try {
        answers.push(await make());
      } catch (error) {
        if (!previous) throw error;
        throw new Error(
          `${(error as Error).message}, right after a call answered ${previous.status} ${previous.text.slice(0, 300)}`,
        );
      }
    }
    return { answers, opened: connectionsOpened - before };
  };

  /** After each test: a request still sending its body means the server stopped reading it; start afresh. */
  afterEach(async () => {
    const busy = () => Object.keys(agent.sockets).length + Object.keys(agent.requests).length > 0;
    if (!busy()) return;
    await waitFor(
      async () => busy(),
      (stillBusy) => !stillBusy,
      5_000,
    ).catch(() => {
      connectionsAbandoned++;
      agent.destroy();
      agent = newAgent();
    });
  });

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'legacy-client-'));
    const tools = resolveMediaTools({});
    media.video = path.join(work, 'The_Call.webm');
    media.photo = path.join(work, 'Sunrise_on_the_meseta.jpg');
    media.smallPhoto = path.join(work, 'small.jpg');
    media.smallClip = path.join(work, 'small.webm');
    const noise = (size: string) => `color=c=gray:s=${size}:r=25,noise=alls=100:allf=t`;
    await Promise.all([
      // Random noise leaves the encoder nothing to save: two seconds at 22 Mbit/s make a real 5 MB take.
      ffmpeg(
        [
          ...['-f', 'lavfi', '-i', noise('640x360'), '-t', '2'],
          ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8'],
          ...['-b:v', '22M', '-minrate', '22M', '-maxrate', '22M', '-bufsize', '22M', '-an', media.video],
        ],
        tools.ffmpeg,
      ),
      ffmpeg(
        ['-f', 'lavfi', '-i', noise('2400x1600'), '-frames:v', '1', '-q:v', '2', media.photo],
        tools.ffmpeg,
      ),
      ffmpeg(
        ['-f', 'lavfi', '-i', 'color=c=gold:s=320x240', '-frames:v', '1', media.smallPhoto],
        tools.ffmpeg,
      ),
      ffmpeg(
        ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '1', '-c:v', 'libvpx', media.smallClip],
        tools.ffmpeg,
      ),
    ]);
    testApp = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    testApp.app.server.on('connection', () => {
      connectionsOpened++;
    });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.server.address() as AddressInfo).port;
    agent = newAgent();
  }, 120_000);

  afterAll(async () => {
    agent?.destroy();
    // A connection whose body the server stopped reading never ends by itself.
    testApp?.app.server.closeAllConnections();
    await testApp?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('makes media of the sizes a phone sends: a 5 MB WebM take and a 3 MB JPEG photo', async () => {
    expect((await stat(media.video)).size).toBeGreaterThanOrEqual(5 * MB);
    expect((await stat(media.photo)).size).toBeGreaterThanOrEqual(3 * MB);
  });

  describe('accounts', () => {
    it('registers with username, email, password and nationality, and reads access, refresh and email', async () => {
      const answer = await call('POST', '/api/register/', {
        json: {
          username: 'ana_peregrina',
          email: 'ana.peregrina@example.com',
          password: PASSWORD,
          nationality: 'Spain',
        },
      });
      expectStatus(answer, [200, 201], 'register');
      expect(answer.body).toMatchObject({
        access: expect.any(String),
        refresh: expect.any(String),
        email: 'ana.peregrina@example.com',
      });
    });

    it.each([
      ['Syria', 'SY'],
      ['Laos', 'LA'],
      ['Holy See', 'VA'],
      ['Moldova', 'MD'],
      ['Brunei', 'BN'],
    ])('registers with the nationality "%s" and stores its code %s', async (nationality, code) => {
      const pilgrim = await signUp(nationality);
      const profile = await call('GET', '/api/profile/', { token: pilgrim.access });
      expectStatus(profile, 200, 'GET /api/profile/');
      expect(profile.body.nationality_code).toBe(code);
      expect(typeof profile.body.nationality).toBe('string');
    });

    it('signs in with email and password even when the body carries an extra field (username)', async () => {
      const pilgrim = await signUp();
      const answer = await call('POST', '/api/login/', {
        json: { email: pilgrim.email, password: PASSWORD, username: pilgrim.username },
      });
      expectStatus(answer, 200, 'login with an extra username');
      expect(answer.body).toMatchObject({
        access: expect.any(String),
        refresh: expect.any(String),
        user: { email: pilgrim.email, username: pilgrim.username, first_name: expect.any(String) },
      });
    });

    it('answers GET /api/user/ to the bearer header and changes the name with PUT /api/user/ first_name', async () => {
      const pilgrim = await signUp();
      const before = await call('GET', '/api/user/', { token: pilgrim.access });
      expectStatus(before, 200, 'GET /api/user/');
      expect(before.body).toMatchObject({ email: pilgrim.email, username: pilgrim.username });

      expectOk(
        await call('PUT', '/api/user/', { token: pilgrim.access, json: { first_name: 'Ana' } }),
        'PUT /api/user/',
      );
      expect((await call('GET', '/api/user/', { token: pilgrim.access })).body.first_name).toBe('Ana');
      const profile = await call('GET', '/api/profile/', { token: pilgrim.access });
      expect(profile.body.user).toEqual({
        first_name: 'Ana',
        username: pilgrim.username,
        email: pilgrim.email,
      });
    });

    it('requests, verifies and uses a password reset, reading the token from the email', async () => {
      const pilgrim = await signUp();
      expectOk(
        await call('POST', '/api/password/reset-request/', { json: { email: pilgrim.email } }),
        'reset-request',
      );
      const [mail] = await waitFor(
        async () => (await testApp.outbox()).filter((message) => message.to === pilgrim.email),
        (messages) => messages.length > 0,
        20_000,
      );
      const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
      expect(token, mail!.text).toBeTruthy();

      const verified = await call('POST', '/api/password/verify-token/', { json: { token } });
      expectStatus(verified, 200, 'verify-token');
      expect(verified.body.valid).toBe(true);

      const newPassword = 'a-new-road-home';
      expectOk(
        await call('POST', '/api/password/reset/', { json: { token, password: newPassword } }),
        'password reset',
      );
      expectStatus(
        await call('POST', '/api/login/', { json: { email: pilgrim.email, password: newPassword } }),
        200,
        'login with the new password',
      );
      // Section 7 reads "error on failure": a spent token is refused with an error.
      expectRefused(
        await call('POST', '/api/password/reset/', { json: { token, password: 'yet-another-road' } }),
        'a second reset with the same token',
      );
    });
  });

  describe('profile', () => {
    it('keeps what the profile dialog sends: nationality as free text ("Spanish") and a bio', async () => {
      const pilgrim = await signUp();
      const bio = 'Walked the Camino Francés in 2024.\nStill walking, in a way.';
      expectOk(
        await call('PUT', '/api/profile/', { token: pilgrim.access, json: { nationality: 'Spanish', bio } }),
        'PUT /api/profile/ with "Spanish"',
      );
      const profile = await call('GET', '/api/profile/', { token: pilgrim.access });
      expectStatus(profile, 200, 'GET /api/profile/');
      expect(profile.body).toMatchObject({ nationality: 'Spain', nationality_code: 'ES', bio });

      expectOk(
        await call('PUT', '/api/profile/', { token: pilgrim.access, json: { nationality: 'british', bio } }),
        'PUT /api/profile/ with "british"',
      );
      expect((await call('GET', '/api/profile/', { token: pilgrim.access })).body.nationality_code).toBe(
        'GB',
      );

      // Free text that names no country is the spec's free-text field: kept and shown as written.
      expectOk(
        await call('PUT', '/api/profile/', {
          token: pilgrim.access,
          json: { nationality: 'Citizen of the road', bio },
        }),
        'PUT /api/profile/ with free text',
      );
      expect((await call('GET', '/api/profile/', { token: pilgrim.access })).body).toMatchObject({
        nationality: 'Citizen of the road',
        bio,
      });
    });

    it('keeps what the chat sends: vibe, a full ISO date-time and the duration as a string', async () => {
      const pilgrim = await signUp();
      const start = new Date(Date.now() - 20 * 24 * 3600 * 1000);
      start.setUTCHours(12, 0, 0, 0);
      expectOk(
        await call('PUT', '/api/profile/', {
          token: pilgrim.access,
          json: { vibe: 'Agnostic', camino_start_date: start.toISOString(), camino_duration: '30' },
        }),
        'PUT /api/profile/ from the chat',
      );
      const profile = await call('GET', '/api/profile/', { token: pilgrim.access });
      expect(profile.body).toMatchObject({
        vibe: 'Agnostic',
        camino_start_date: start.toISOString().slice(0, 10),
        camino_duration: 30,
      });
    });

    it('takes a 3 MB avatar and answers the next call on the same connection', async () => {
      const pilgrim = await signUp();
      const body = await form([
        {
          name: 'avatar',
          value: createReadStream(media.photo),
          filename: 'avatar.jpg',
          contentType: 'image/jpeg',
        },
      ]);
      await call('GET', '/api/user/', { token: pilgrim.access });
      const { answers, opened } = await callsInARow([
        () => send('POST', '/api/profile/upload/', body, pilgrim.access),
        () => call('GET', '/api/profile/', { token: pilgrim.access }),
      ]);
      const [saved, profile] = answers;
      expectOk(saved!, 'POST /api/profile/upload/');
      expectStatus(profile!, 200, 'GET /api/profile/ after the avatar');
      expect(profile!.body.avatar_url).toEqual(expect.any(String));
      expect(opened, 'new connections opened').toBe(0);
    });
  });

  describe('Soul Stories', () => {
    it('saves a 5 MB video sent media, title, type, and answers the next call on the same connection', async () => {
      const pilgrim = await signUp();
      const body = await mediaFirst(media.video, 'The Call', 'call', 'video/webm');
      await call('GET', '/api/user/', { token: pilgrim.access });
      const { answers, opened } = await callsInARow([
        () => send('POST', '/api/soulstory/upload/', body, pilgrim.access),
        () => call('GET', '/api/soulstory/completed-prompts/', { token: pilgrim.access }),
      ]);
      const [saved, completed] = answers;
      expectStatus(saved!, 201, 'the media-first video upload');
      expect(saved!.body).toMatchObject({ title: 'The Call', type: 'call' });
      expectStatus(completed!, 200, 'completed-prompts right after the upload');
      expect(completed!.body.completed_prompts).toEqual(['call']);
      expect(opened, 'new connections opened').toBe(0);
    });

    it('saves a 3 MB photo sent media, title, type, and answers the next call on the same connection', async () => {
      const pilgrim = await signUp();
      const body = await mediaFirst(media.photo, 'Sunrise on the meseta', 'photo', 'image/jpeg');
      await call('GET', '/api/user/', { token: pilgrim.access });
      const { answers, opened } = await callsInARow([
        () => send('POST', '/api/soulstory/upload/', body, pilgrim.access),
        () => call('GET', '/api/soulstories/', { token: pilgrim.access }),
      ]);
      const [saved, list] = answers;
      expectStatus(saved!, 201, 'the media-first photo upload');
      expectStatus(list!, 200, 'GET /api/soulstories/ right after the upload');
      expect(list!.body).toEqual([
        {
          id: expect.any(String),
          title: 'Sunrise on the meseta',
          type: 'photo',
          media_url: expect.not.stringMatching(/\.(mp4|webm)(\?|$)/),
          captions_url: null,
          take_seconds: null,
        },
      ]);
      expect(opened, 'new connections opened').toBe(0);
    });

    it('lists the memories, reorders them with story_ids and shows the keepsake state', async () => {
      const pilgrim = await signUp();
      const clip = await saveMemory(pilgrim.access, media.smallClip, 'joy', 'The Joy');
      const photo = await saveMemory(pilgrim.access, media.smallPhoto, 'photo', 'Cruz de Ferro');

      const list = await call('GET', '/api/soulstories/', { token: pilgrim.access });
      expectStatus(list, 200, 'GET /api/soulstories/');
      expect(list.body.map((item: { id: string }) => item.id)).toEqual([clip, photo]);
      for (const item of list.body) {
        expect(Object.keys(item)).toEqual(expect.arrayContaining(['id', 'title', 'media_url', 'type']));
        expect(/\.(mp4|webm)(\?|$)/.test(item.media_url)).toBe(item.type !== 'photo');
      }

      expectOk(
        await call('POST', '/api/soulstories/reorder/', {
          token: pilgrim.access,
          json: { story_ids: [photo, clip] },
        }),
        'reorder',
      );
      const reordered = await call('GET', '/api/soulstories/', { token: pilgrim.access });
      expect(reordered.body.map((item: { id: string }) => item.id)).toEqual([photo, clip]);

      const completed = await call('GET', '/api/soulstory/completed-prompts/', { token: pilgrim.access });
      expect(completed.body).toEqual({ completed_prompts: ['joy'] });
      const keepsake = await call('GET', '/api/soulstory/concatenated/', { token: pilgrim.access });
      expectStatus(keepsake, 200, 'GET /api/soulstory/concatenated/');
      // Two prompts are still to record: no final video yet, and the client reads video_url.
      expect(keepsake.body).toHaveProperty('video_url', null);
    });

    let keeper: Awaited<ReturnType<typeof signUp>> | undefined;
    it.each(emptyBodies)('deletes a memory with an empty body and $label', async ({ headers, body }) => {
      keeper ??= await signUp();
      const pilgrim = keeper;
      const id = await saveMemory(pilgrim.access, media.smallClip, 'suffering', 'The Suffering');
      const answer = await call('DELETE', `/api/soulstory/${id}/delete/`, {
        token: pilgrim.access,
        headers,
        body,
      });
      expectOk(answer, 'DELETE with an empty body');
      expect((await call('GET', '/api/soulstories/', { token: pilgrim.access })).body).toEqual([]);
    });

    it('answers a refusal before the body is read, and the next call on the connection still works', async () => {
      const body = await mediaFirst(media.video, 'The Call', 'call', 'video/webm');
      await call('GET', '/api/posts/');
      const closesBefore = closesAnnounced;
      const { answers, opened } = await callsInARow([
        () => send('POST', '/api/soulstory/upload/', body),
        () => call('GET', '/api/posts/'),
      ]);
      const [refused, next] = answers;
      expectRefused(refused!, 'an upload without a bearer token');
      expect(refused!.status).toBe(401);
      expectStatus(next!, 200, 'the call after the refusal');
      // Either the server read (or drained) the refused body and kept the connection, or it said it would close it.
      expect(opened, 'new connections opened').toBe(closesAnnounced - closesBefore);
    });

    it.each([
      ['POST /api/soulstory/upload/', '/api/soulstory/upload/'],
      ['POST /api/profile/upload/', '/api/profile/upload/'],
    ])(
      'answers 400 with an error to %s without a boundary or with a body that is not multipart',
      async (_, url) => {
        const pilgrim = await signUp();
        const noBoundary = await call('POST', url, {
          token: pilgrim.access,
          headers: { 'content-type': 'multipart/form-data' },
          body: 'title=The+Call&type=call',
        });
        expectRefused(noBoundary, 'multipart without a boundary');
        expect(noBoundary.status).toBe(400);
        const notMultipart = await call('POST', url, {
          token: pilgrim.access,
          json: { title: 'The Call', type: 'call', media: 'not a file' },
        });
        expectRefused(notMultipart, 'a JSON body to a multipart route');
        expect(notMultipart.status).toBe(400);
        expectStatus(await call('GET', '/api/user/', { token: pilgrim.access }), 200, 'the next call');
      },
    );
  });

  describe('Vela and notifications', () => {
    it('answers the chat payload (vibe, inputs, parameters) with generated_text', async () => {
      const pilgrim = await signUp();
      const answer = await call('POST', '/api/chat/', {
        token: pilgrim.access,
        json: {
          vibe: 'Agnostic',
          inputs: 'The silence of the meseta is still with me.',
          parameters: { max_new_tokens: 70, temperature: 0, top_p: 0.9, do_sample: true },
        },
      });
      expectStatus(answer, 200, 'POST /api/chat/');
      const first = Array.isArray(answer.body) ? answer.body[0] : answer.body;
      expect(first.generated_text).toEqual(expect.stringMatching(/\S/));
    });

    it('schedules reminders from startDate (ISO date-time) and duration', async () => {
      const pilgrim = await signUp();
      const startDate = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString();
      expectOk(
        await call('POST', '/api/reminder/schedule/', {
          token: pilgrim.access,
          json: { startDate, duration: '30' },
        }),
        'POST /api/reminder/schedule/',
      );
    });

    it('lists notifications and marks them all read with an empty body under any content type', async () => {
      const pilgrim = await signUp();
      const [me] = await testApp.deps.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, pilgrim.email));
      const userId = me!.id;
      const listed = async () => {
        const answer = await call('GET', '/api/notifications/', { token: pilgrim.access });
        expectStatus(answer, 200, 'GET /api/notifications/');
        // Section 7: a bare list or an object with a notifications list.
        return (Array.isArray(answer.body) ? answer.body : answer.body.notifications) as {
          title: string;
          message: string;
          read: boolean;
          created_at: string;
        }[];
      };
      for (const { label, headers, body } of emptyBodies) {
        await addNotification(testApp.deps.db, {
          userId,
          title: `Buen Camino (${label})`,
          message: 'Ultreia!',
        });
        expect((await listed()).find((item) => item.title === `Buen Camino (${label})`)).toMatchObject({
          message: 'Ultreia!',
          read: false,
          created_at: expect.any(String),
        });
        const answer = await call('POST', '/api/notifications/mark-all-read/', {
          token: pilgrim.access,
          headers,
          body,
        });
        expectOk(answer, `mark-all-read with an empty body and ${label}`);
        expect((await listed()).every((item) => item.read)).toBe(true);
      }
    });
  });

  describe('public calls', () => {
    it('lists the posts and reads one', async () => {
      const draft = await testApp.deps.services.blog.createPost({
        title: 'What the road leaves behind',
        body: 'First paragraph.\n\nSecond paragraph.',
        teaser: '',
        author: 'Maria Lopes',
      });
      await testApp.deps.services.blog.publishPost(draft.id);
      const list = await call('GET', '/api/posts/');
      expectStatus(list, 200, 'GET /api/posts/');
      const posts = Array.isArray(list.body) ? list.body : list.body.posts;
      expect(posts).toEqual(expect.arrayContaining([expect.objectContaining({ id: draft.id })]));
      const one = await call('GET', `/api/posts/${draft.id}/`);
      expectStatus(one, 200, 'GET /api/posts/{id}/');
      expect(one.body).toMatchObject({
        id: draft.id,
        title: 'What the road leaves behind',
        body: 'First paragraph.\n\nSecond paragraph.',
        author: 'Maria Lopes',
        published_at: expect.any(String),
        teaser: expect.any(String),
      });
    });

    it('takes both contact shapes and stores the inquiry reasons as given', async () => {
      expectOk(
        await call('POST', '/api/contact/', {
          json: { name: 'Juan Peregrino', email: 'juan.simple@example.com', message: 'Buen Camino!' },
        }),
        'the simple contact form',
      );
      expectOk(
        await call('POST', '/api/contact/', {
          json: {
            fullName: 'Juan Peregrino',
            email: 'juan.rich@example.com',
            message: 'I would like to help.',
            inquiryTypes: ['Soul Stories', 'Volunteering'],
          },
        }),
        'the rich contact form',
      );
      const stored = await testApp.deps.services.messages.listContactMessages();
      expect(stored.find((item) => item.email === 'juan.simple@example.com')).toMatchObject({
        name: 'Juan Peregrino',
        message: 'Buen Camino!',
      });
      expect(stored.find((item) => item.email === 'juan.rich@example.com')).toMatchObject({
        name: 'Juan Peregrino',
        message: 'I would like to help.',
        inquiry_types: ['Soul Stories', 'Volunteering'],
      });
    });

    it('stores survey answers sent as strings, and still refuses a rating of 9 or a missing answer', async () => {
      const marker = `legacy survey ${Date.now()}`;
      const answers = {
        overallExperience: '5',
        websiteDesign: '4',
        easeOfUse: '3',
        usedVela: 'yes',
        velaHelpfulness: '4',
        velaResponseQuality: '5',
        usedSoulStory: 'no',
        soulStoryEase: '',
        notificationTimeliness: '',
        whatWorkedWell: marker,
        whatCouldBeImproved: '',
        additionalComments: 'Ultreia',
        pilgrimageStage: 'completed',
        ageRange: '45-54',
      };
      expectOk(
        await call('POST', '/api/survey/submit/', { json: answers }),
        'the survey with string ratings',
      );
      const stored = (await testApp.deps.services.survey.listSurveyResponses()).filter(
        (row) => row.what_worked_well === marker,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        overall_experience: 5,
        website_design: 4,
        ease_of_use: 3,
        used_vela: true,
        vela_helpfulness: 4,
        vela_response_quality: 5,
        used_soul_story: false,
        soul_story_ease: null,
        notification_timeliness: null,
        additional_comments: 'Ultreia',
        pilgrimage_stage: 'completed',
        age_range: '45-54',
      });

      const refusedMarker = `${marker} refused`;
      expectRefused(
        await call('POST', '/api/survey/submit/', {
          json: { ...answers, overallExperience: '9', whatWorkedWell: refusedMarker },
        }),
        'a rating of "9"',
      );
      const { easeOfUse: _missing, ...withoutEaseOfUse } = answers;
      expectRefused(
        await call('POST', '/api/survey/submit/', {
          json: { ...withoutEaseOfUse, whatWorkedWell: refusedMarker },
        }),
        'a survey without easeOfUse',
      );
      expect(
        (await testApp.deps.services.survey.listSurveyResponses()).filter(
          (row) => row.what_worked_well === refusedMarker,
        ),
      ).toEqual([]);
    });

    it('creates a payment intent in test mode for a monthly and a one-time gift', async () => {
      const monthly = await call('POST', '/api/create-payment-intent', {
        json: { amount: 15, currency: 'gbp', frequency: 'monthly' },
      });
      expectStatus(monthly, 200, 'a monthly gift');
      expect(monthly.body).toMatchObject({ clientSecret: expect.any(String), type: 'subscription' });
      expect(monthly.body).toHaveProperty('customerId');
      const once = await call('POST', '/api/create-payment-intent', {
        json: { amount: 15, currency: 'gbp', frequency: 'one-time' },
      });
      expectStatus(once, 200, 'a one-time gift');
      expect(once.body).toMatchObject({ clientSecret: expect.any(String), type: 'payment' });
    });
  });

  describe('the whole conversation', () => {
    it('called every one of the 25 routes of section 7 successfully', () => {
      expect(SECTION_7.filter((route) => !answered.has(route))).toEqual([]);
    });

    it('stayed on one connection, except where the server announced it would close one', () => {
      expect(connectionsAbandoned).toBe(0);
      expect(connectionsOpened).toBe(1 + closesAnnounced);
    });
  });
});
