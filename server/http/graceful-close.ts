import type { FastifyInstance } from 'fastify';
import { endEventStreams } from './event-stream.ts';

// A restarted process or another replica is usually answering by then.
const RETRY_AFTER_SECONDS = 5;

/**
 * How a web process stops (SIGTERM). From the signal on it takes no new work: every new request, /readyz
 * included, is answered 503 with Retry-After and `Connection: close`, so load balancers and their probes
 * move on, while the requests already running finish. Once none is left, or at the deadline (which cuts
 * off the rest), the listener and its connections close. Event streams, which never finish by themselves,
 * are ended at once (their clients reconnect to another process). Must be called before the app is ready.
 */
export const prepareGracefulClose = (app: FastifyInstance, deadlineMs: number): (() => Promise<void>) => {
  let draining = false;
  let running = 0;
  let onIdle = () => {};

  // Hooks every request runs take a callback rather than being async: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    if (draining) {
      reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: 'The app is restarting. Please try again in a few seconds.', requestId: request.id });
      return;
    }
    running += 1;
    reply.raw.once('close', () => {
      running -= 1;
      if (running === 0) onIdle();
    });
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  return async () => {
    draining = true;
    endEventStreams(app);
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      new Promise<boolean>((resolve) => {
        onIdle = () => resolve(true);
        if (running === 0) resolve(true);
      }),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), deadlineMs);
      }),
    ]);
    clearTimeout(timer);
    if (!finished) {
      app.log.warn({ running }, 'requests still running at the shutdown deadline are cut off');
      app.server.closeAllConnections();
    }
    await app.close();
  };
};
