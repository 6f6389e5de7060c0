import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountExportResponse } from '#contract/account.ts';
import type { AppDeps } from '#server/deps.ts';
import { signedIn, userIdOf } from '#server/http/auth-guard.ts';
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
  };
