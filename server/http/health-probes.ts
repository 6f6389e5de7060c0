import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../deps.ts';

/**
 * What a probe's answer carries. Load balancers and orchestrators read it, never a browser, so the
 * document policies the site's answers carry (CSP, frame and cross-origin rules, CORS's `Vary`) would
 * be bytes sent and parsed for nothing, several times a second; what still matters to any client is
 * that the JSON is not sniffed as something else and that no cache answers in the process's place.
 */
const probeHeaders = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

const answer = (reply: FastifyReply, status: number, body: object) =>
  reply.status(status).headers(probeHeaders).send(body);

/**
 * `/healthz` (the process answers) and `/readyz` (it can serve: database and media storage reachable).
 * They are registered on the root instance, outside the site's context, so none of the site's hooks
 * runs for them; a draining process still answers them 503 (graceful close hooks the root).
 */
export const registerHealthProbes = (
  app: FastifyInstance,
  deps: Pick<AppDeps, 'database' | 'storage' | 'logger'>,
) => {
  app.get('/healthz', (_request, reply) => answer(reply, 200, { status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await deps.database.ping();
    } catch (error) {
      deps.logger.warn({ err: error }, 'database not reachable');
      return answer(reply, 503, { error: 'The database is not reachable.' });
    }
    try {
      await deps.storage.ping();
    } catch (error) {
      deps.logger.warn({ err: error }, 'media storage not reachable');
      return answer(reply, 503, { error: 'The media storage is not reachable.' });
    }
    return answer(reply, 200, { status: 'ready' });
  });
};
