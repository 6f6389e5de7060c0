import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { NotFound } from '../http/errors.ts';
import { MEDIA_PREFIX } from './signed-urls.ts';

/** Serves private media behind signed, expiring URLs, with Range support for seeking in video. */
export const registerMediaRoutes = (app: FastifyInstance, deps: AppDeps) => {
  app.register(async (scope) => {
    await scope.register(fastifyStatic, { root: path.resolve(deps.config.mediaDir), serve: false });
    scope.get<{ Params: { expiry: string; signature: string; '*': string } }>(
      `${MEDIA_PREFIX}/:expiry/:signature/*`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { expiry, signature } = request.params;
        const key = request.params['*'];
        if (!deps.media.verify(expiry, signature, key))
          throw new NotFound('This link has expired or is not valid.');
        if ((await deps.storage.size(key)) === null) throw new NotFound('This file no longer exists.');
        reply.header('cache-control', 'private, max-age=3600');
        return reply.sendFile(key, deps.storage.root, { cacheControl: false, acceptRanges: true });
      },
    );
  });
};
