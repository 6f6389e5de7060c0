import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { NotFound } from '../http/errors.ts';
import { MEDIA_CACHE_CONTROL, sendStoredFile } from './send-stored-file.ts';
import { MEDIA_PREFIX } from './signed-urls.ts';

/** Serves private media behind signed, expiring URLs, with Range support for seeking in video. */
export const registerMediaRoutes = (app: FastifyInstance, deps: AppDeps) => {
  app.get<{ Params: { expiry: string; signature: string; '*': string } }>(
    `${MEDIA_PREFIX}/:expiry/:signature/*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { expiry, signature } = request.params;
      const key = request.params['*'];
      if (!deps.media.verify(expiry, signature, key))
        throw new NotFound('This link has expired or is not valid.');
      return sendStoredFile(request, reply, deps.storage, key, { cacheControl: MEDIA_CACHE_CONTROL });
    },
  );
};
