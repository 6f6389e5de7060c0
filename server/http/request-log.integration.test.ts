import { rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createUser } from '#test/users.ts';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

const levels = { info: 30, warn: 40, error: 50 };

/** The app with its log kept in memory: the request lines it wrote, as an operator would read them. */
const appWithLog = async (env: Record<string, string>) => {
  const lines: LogLine[] = [];
  const log = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const testApp = await createTestApp({ LOG_LEVEL: 'info', ...env }, log);
  const requestLines = () => lines.filter((line) => line.req && line.msg.includes('request completed'));
  const arrivals = () => lines.filter((line) => line.msg === 'incoming request');
  const written = () => lines.map((line) => JSON.stringify(line)).join('\n');
  return { testApp, requestLines, arrivals, written };
};

describe(`request log on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp | undefined;
  afterEach(() => testApp?.close());

  it('skips quick successful requests when sampling none, and logs every refused and failed one', async () => {
    const logged = await appWithLog({ LOG_REQUEST_SAMPLE_RATE: '0' });
    testApp = logged.testApp;
    for (let index = 0; index < 20; index++) await testApp.app.inject({ url: '/healthz' });
    expect(logged.requestLines()).toEqual([]);

    expect((await testApp.app.inject({ url: '/api/no-such-thing/' })).statusCode).toBe(404);
    // Without its media folder the process reports itself not ready: a 503.
    await rm(testApp.deps.config.mediaDir, { recursive: true, force: true });
    expect((await testApp.app.inject({ url: '/readyz' })).statusCode).toBe(503);

    expect(
      logged
        .requestLines()
        .map((line) => [line.level, line.req?.method, line.req?.url, line.res?.statusCode]),
    ).toEqual([
      [levels.info, 'GET', '/api/no-such-thing/', 404],
      [levels.error, 'GET', '/readyz', 503],
    ]);
    expect(logged.requestLines().every((line) => typeof line.responseTime === 'number')).toBe(true);
  });

  it('logs the arrival of a request that changes data, so a write cut off midway still shows', async () => {
    const logged = await appWithLog({ LOG_REQUEST_SAMPLE_RATE: '0' });
    testApp = logged.testApp;
    await testApp.app.inject({ url: '/healthz' });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe/',
      payload: { email: 'arrival@example.org', optIn: true },
    });
    expect(logged.arrivals().map((line) => [line.level, line.req?.method, line.req?.url])).toEqual([
      [levels.info, 'POST', '/api/newsletter/subscribe/'],
    ]);
  });

  it('logs every successful request when sampling all of them', async () => {
    const logged = await appWithLog({ LOG_REQUEST_SAMPLE_RATE: '1' });
    testApp = logged.testApp;
    for (let index = 0; index < 5; index++) await testApp.app.inject({ url: '/healthz' });
    expect(logged.requestLines().map((line) => [line.level, line.req?.url, line.res?.statusCode])).toEqual(
      Array(5).fill([levels.info, '/healthz', 200]),
    );
  });

  it('logs a request slower than SLOW_REQUEST_MS as a warning, even when it is not sampled', async () => {
    const logged = await appWithLog({ LOG_REQUEST_SAMPLE_RATE: '0', SLOW_REQUEST_MS: '0.001' });
    testApp = logged.testApp;
    await testApp.app.inject({ url: '/api/posts/' });
    expect(logged.requestLines().map((line) => [line.level, line.msg, line.req?.url])).toEqual([
      [levels.warn, 'slow request completed', '/api/posts/'],
    ]);
  });

  it('keeps tokens and signatures in URLs out of every line, for refused and accepted requests', async () => {
    const logged = await appWithLog({ LOG_REQUEST_SAMPLE_RATE: '1' });
    testApp = logged.testApp;
    const secret = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXNlY3JldA.c2lnbmF0dXJl';
    const refused = await testApp.app.inject({ url: `/api/soulstory/events/?access_token=${secret}` });
    expect(refused.statusCode).toBe(401);
    expect(logged.requestLines().at(-1)?.req?.url).toBe('/api/soulstory/events/?access_token=[redacted]');

    const urls = [
      `/api/posts/?page=1&access_token=${secret}&sort=new`,
      `/api/posts/?%74oken=${secret}`,
      `/api/soulstory/shared/${secret}/`,
      `/s/${secret}/poster.jpg`,
      `/reset-password/${secret}`,
      `/donations/manage/${secret}`,
      `/api/donations/manage/${secret}/`,
      `/newsletter/unsubscribe?token=${secret}`,
      `/media/1999999999/${secret}/users/a/clip.webm?sig=${secret}&signature=${secret}&code=${secret}&key=${secret}`,
    ];
    for (const url of urls) await testApp.app.inject({ url });
    await testApp.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe/?token=${secret}` });
    expect(logged.requestLines().map((line) => line.req?.url)).toEqual(
      expect.arrayContaining([
        '/api/posts/?page=1&access_token=[redacted]&sort=new',
        '/api/posts/?%74oken=[redacted]',
        '/api/soulstory/shared/[redacted]/',
        '/s/[redacted]/poster.jpg',
        '/reset-password/[redacted]',
        '/media/1999999999/[redacted]/users/a/clip.webm?sig=[redacted]&signature=[redacted]&code=[redacted]&key=[redacted]',
      ]),
    );
    expect(logged.arrivals().map((line) => line.req?.url)).toEqual([
      '/api/newsletter/unsubscribe/?token=[redacted]',
    ]);

    // An accepted event stream, its token in the query as a browser's EventSource sends it. The stream
    // writes its own answer (a hijacked reply gets no completion line), so nothing of it may be in the log.
    const user = await createUser(testApp);
    const { token } = (
      await testApp.app.inject({ method: 'POST', url: '/api/soulstory/events/token/', headers: user.headers })
    ).json();
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const stop = new AbortController();
    const stream = await fetch(`${address}/api/soulstory/events/?token=${token}`, { signal: stop.signal });
    expect(stream.status).toBe(200);
    stop.abort();
    await testApp.app.close();

    expect(logged.written()).not.toContain(secret);
    expect(logged.written()).not.toContain(token);
  });
});
