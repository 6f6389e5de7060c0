import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';

const internals = 'Failed query: select "password_hash" from "users" where "id" = $1 params: 42';
const generic = 'Something went wrong on our side.';

/** The one error handler on a bare Fastify, with routes that fail the ways libraries and hooks do. */
const appWithFailures = () => {
  const lines: { msg: string; reqId?: string; err?: { message: string } }[] = [];
  const log = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino(log) as FastifyBaseLogger });
  registerErrorHandler(app);
  const withStatus = (statusCode: number, code?: string) =>
    Object.assign(new Error(internals), { statusCode, ...(code ? { code } : {}) });
  app.get('/plugin-5xx', async () => {
    throw withStatus(503);
  });
  app.get('/library-4xx', async () => {
    throw withStatus(400, 'E_SOME_LIBRARY');
  });
  app.get('/sent-error', (_request, reply) => {
    reply.send(new Error(internals));
  });
  let failures = 0;
  app.register(async (scope) => {
    scope.addHook('onSend', (_request, _reply, payload, done) =>
      failures++ === 0 ? done(new Error(internals)) : done(null, payload),
    );
    scope.get('/failing-hook', async () => ({ ok: true }));
  });
  app.post('/json', async () => ({ ok: true }));
  return { app, lines };
};

describe('error handler', () => {
  it('answers a server error from a plugin, a sent Error or an onSend hook with a generic body, and logs it', async () => {
    const { app, lines } = appWithFailures();
    for (const url of ['/plugin-5xx', '/sent-error', '/failing-hook']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(500);
      const body = response.json();
      expect(body, url).toEqual({ error: generic, requestId: expect.any(String) });
      const cause = lines.find((line) => line.reqId === body.requestId && line.msg === 'request failed');
      expect(cause?.err?.message, url).toBe(internals);
    }
    await app.close();
  });

  it('keeps the status of a client error from a library but not its message', async () => {
    const { app } = appWithFailures();
    const response = await app.inject({ url: '/library-4xx' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Bad Request', requestId: expect.any(String) });

    const malformed = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('The request body is not valid JSON');
    await app.close();
  });
});
