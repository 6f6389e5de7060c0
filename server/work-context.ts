import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * The request or job a piece of code runs for, named as their own log lines name them, so that an error
 * escaping every handler (an uncaught exception, an unhandled rejection) is logged with where it came from.
 */
export type WorkContext = { reqId: string; method: string; route: string } | { job: string; jobId: string };

const current = new AsyncLocalStorage<WorkContext>();

export const runInWorkContext = <T>(context: WorkContext, work: () => T): T => current.run(context, work);

export const currentWork = (): WorkContext | undefined => current.getStore();

/**
 * Every request runs inside its own context from its first hook on. The route is the pattern
 * (`/s/:token`), never the URL, which may carry a credential.
 */
export const recordRequestContext = (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) =>
    runInWorkContext(
      { reqId: request.id, method: request.method, route: request.routeOptions.url ?? '(no route)' },
      done,
    ),
  );
};
