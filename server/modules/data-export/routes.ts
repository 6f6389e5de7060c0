import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountExportResponse } from '#contract/account.ts';
import type { AppDeps } from '#server/deps.ts';
import { signedIn, userIdOf } from '#server/http/auth-guard.ts';
import { NotFound } from '#server/http/errors.ts';
import { MEDIA_CACHE_CONTROL, sendStoredFile } from '#server/media/send-stored-file.ts';
import { MEDIA_PREFIX } from '#server/media/signed-urls.ts';
import { sendZip } from './download.ts';
import type { DataExportService } from './service.ts';

export const dataExportRoutes =
  (deps: AppDeps, service: DataExportService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/account/export/',
      signedIn(deps.auth, {
        tags: ['account'],
        summary:
          'The latest export of the account’s data: none, queued, building, ready (with its download link, valid 7 days) or failed',
        response: { 200: accountExportResponse },
      }),
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.exportStatus(userIdOf(request));
      },
    );

    app.post(
      '/api/account/export/',
      signedIn(deps.auth, {
        tags: ['account'],
        summary:
          'Export everything the account holds as one zip, built in the background; while one is queued or building, that one is answered',
        response: { 202: accountExportResponse },
      }),
      async (request, reply) => reply.status(202).send(await service.requestExport(userIdOf(request))),
    );

    // An export's link is a media link, signed alike, but its zip is put together as it is sent:
    // this route, more specific than the media folder's, answers it.
    app.route({
      method: ['GET', 'HEAD'],
      url: `${MEDIA_PREFIX}/:expiry/:signature/exports/*`,
      // Fastify's own HEAD would read the whole zip to count it, or say it is empty.
      exposeHeadRoute: false,
      schema: {
        hide: true,
        params: z.object({ expiry: z.string(), signature: z.string(), '*': z.string() }),
      },
      handler: async (request, reply) => {
        const { expiry, signature } = request.params;
        const key = `exports/${request.params['*']}`;
        if (!key.endsWith('.zip') || !deps.media.verify(expiry, signature, key))
          throw new NotFound('This link has expired or is not valid.');
        const zip = await service.zipFor(key);
        if (zip) return sendZip(request, reply, deps.storage, zip);
        return sendStoredFile(request, reply, deps.storage, key, { cacheControl: MEDIA_CACHE_CONTROL });
      },
    });
  };
