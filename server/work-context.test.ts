import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { currentWork, recordRequestContext } from './work-context.ts';

describe('the request context', () => {
  const app = Fastify();
  recordRequestContext(app);
  // A hook of an encapsulated plugin, as the site's are, and a body read from the socket before the handler.
  app.register(async (site) => {
    site.addHook('preHandler', async () => {
      await sleep(1);
    });
    site.post('/stories/:id', async () => {
      await sleep(1);
      return currentWork() ?? null;
    });
  });
  afterAll(() => app.close());

  it('names the request and its route pattern (never its URL) in whatever the handler awaits', async () => {
    const reply = await app.inject({
      method: 'POST',
      url: '/stories/secret-token?key=x',
      payload: { title: 'A walk' },
    });
    expect(reply.json()).toEqual({ reqId: expect.any(String), method: 'POST', route: '/stories/:id' });
    expect(reply.json().reqId).not.toBe(
      (await app.inject({ method: 'POST', url: '/stories/2', payload: {} })).json().reqId,
    );
  });

  it('is empty outside any request', () => {
    expect(currentWork()).toBeUndefined();
  });
});
