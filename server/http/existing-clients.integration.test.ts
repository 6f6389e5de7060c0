import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, paddedFile } from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { signUp } from '#test/users.ts';
import { notMultipartMessage } from './multipart.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  socket: unknown;
}

/** One request over a real connection, so keep-alive and unread bodies behave as they do for clients. */
const send = (
  agent: http.Agent,
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: Readable | string },
) =>
  new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            socket: request.socket,
          }),
        );
      },
    );
    request.on('error', reject);
    if (options.body instanceof Readable) options.body.pipe(request);
    else request.end(options.body);
  });

const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

describe(`what existing clients send, over a keep-alive connection, on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let port: number;
  let agent: http.Agent;
  let auth: Record<string, string>;
  let opened = 0;

  beforeAll(async () => {
    testApp = await createTestApp({ CORS_ORIGINS: 'https://old-client.example.org' });
    testApp.app.server.on('connection', () => {
      opened += 1;
    });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.server.address() as AddressInfo).port;
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    ({ headers: auth } = await signUp(testApp, {
      username: 'oldclient',
      email: 'old-client@example.com',
      password: 'camino-2026',
    }));
  });
  afterAll(async () => {
    agent.destroy();
    await testApp.close();
  });

  it.each([
    ['application/json'],
    ['application/json; charset=utf-8'],
    ['text/plain'],
    ['application/x-www-form-urlencoded'],
    ['application/octet-stream'],
    [undefined],
  ])('takes an empty body under %s as no payload', async (contentType) => {
    for (const body of ['', '  \n']) {
      const answer = await send(agent, port, {
        method: 'POST',
        path: '/api/notifications/mark-all-read/',
        headers: { ...auth, ...(contentType ? { 'content-type': contentType } : {}) },
        body,
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toHaveProperty('updated');
    }
  });

  it('reads JSON labelled text/plain and forms sent URL-encoded', async () => {
    const asText = await send(agent, port, {
      method: 'POST',
      path: '/api/login/',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({
        email: 'old-client@example.com',
        password: 'camino-2026',
        username: 'oldclient',
      }),
    });
    expect(asText.status).toBe(200);
    expect(JSON.parse(asText.body).email).toBe('old-client@example.com');

    const asForm = await send(agent, port, {
      method: 'POST',
      path: '/api/login/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'old-client@example.com', password: 'camino-2026' }).toString(),
    });
    expect(asForm.status).toBe(200);

    const notJson = await send(agent, port, {
      method: 'POST',
      path: '/api/login/',
      headers: { 'content-type': 'text/plain' },
      body: 'let me in',
    });
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body).error).toEqual(expect.any(String));
  });

  it.each([['/api/soulstory/upload/'], ['/api/profile/upload/']])(
    'answers %s with 400 when the body is not multipart or has no boundary',
    async (path) => {
      for (const headers of [
        { 'content-type': 'multipart/form-data' },
        { 'content-type': 'application/json' },
        { 'content-type': 'text/plain' },
      ]) {
        const answer = await send(agent, port, {
          method: 'POST',
          path,
          headers: { ...auth, ...headers },
          body: '{"media": "not a file"}',
        });
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.body).error).toBe(notMultipartMessage);
      }
    },
  );

  it('keeps the next request working after a refusal that came before the body was read', async () => {
    const form = multipartBody([
      { name: 'media', value: paddedFile(jpegHead, 5 * 1024 * 1024), filename: 'photo.jpg' },
      { name: 'title', value: 'Sarria' },
      { name: 'type', value: 'photo' },
    ]);
    const refused = await send(agent, port, {
      method: 'POST',
      path: '/api/soulstory/upload/',
      headers: form.headers,
      body: form.payload,
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.connection).toBe('close');
    const next = await send(agent, port, { path: '/api/soulstories/', headers: auth });
    expect(next.status).toBe(200);
  });

  it('reads a refused upload to its end, so the same connection serves the next request', async () => {
    const form = multipartBody([
      { name: 'media', value: paddedFile(jpegHead, 3 * 1024 * 1024), filename: 'photo.jpg' },
      { name: 'title', value: 'Sarria' },
      { name: 'type', value: 'a-fifth-prompt' },
    ]);
    const refused = await send(agent, port, {
      method: 'POST',
      path: '/api/soulstory/upload/',
      headers: { ...auth, ...form.headers },
      body: form.payload,
    });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ field: 'type' });
    const openedBefore = opened;
    const next = await send(agent, port, { path: '/api/soulstories/', headers: auth });
    expect(next.status).toBe(200);
    expect(next.socket).toBe(refused.socket);
    expect(opened).toBe(openedBefore);
  });

  it('answers a listed origin with CORS headers, and a foreign one with none', async () => {
    const preflight = (origin: string) =>
      send(agent, port, {
        method: 'OPTIONS',
        path: '/api/login/',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const listed = await preflight('https://old-client.example.org');
    expect(listed.status).toBe(204);
    expect(listed.headers['access-control-allow-origin']).toBe('https://old-client.example.org');
    expect(listed.headers['access-control-allow-headers']).toContain('authorization');
    expect(listed.headers['access-control-allow-credentials']).toBeUndefined();

    const foreign = await preflight('https://elsewhere.example.com');
    expect(Object.keys(foreign.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);

    const call = await send(agent, port, {
      path: '/api/soulstories/',
      headers: { ...auth, origin: 'https://old-client.example.org' },
    });
    expect(call.status).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBe('https://old-client.example.org');
  });
});
