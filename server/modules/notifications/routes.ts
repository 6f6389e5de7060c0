import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '#contract/common.ts';
import { markAllReadResponse, notificationList } from '#contract/notifications.ts';
import type { AppDeps } from '#server/deps.ts';
import { userIdOf } from '#server/http/auth-guard.ts';
import { listNotifications, markAllRead } from './service.ts';

export const notificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/notifications/',
      {
        preHandler: deps.auth.required,
        schema: {
          tags: ['notifications'],
          summary: 'The signed-in user’s notifications, newest first',
          security: [{ bearer: [] }],
          response: { 200: notificationList, 401: errorBody },
        },
      },
      async (request) => listNotifications(deps.db, userIdOf(request)),
    );

    app.post(
      '/api/notifications/mark-all-read/',
      {
        preHandler: deps.auth.required,
        schema: {
          tags: ['notifications'],
          summary: 'Mark every notification read',
          security: [{ bearer: [] }],
          body: z.object({}).nullish(),
          response: { 200: markAllReadResponse, 401: errorBody },
        },
      },
      async (request) => ({ updated: await markAllRead(deps.db, userIdOf(request)) }),
    );
  };
