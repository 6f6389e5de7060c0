import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { markAllReadResponse, notificationList } from '#contract/notifications.ts';
import type { AppDeps } from '#server/deps.ts';
import { signedIn, userIdOf } from '#server/http/auth-guard.ts';
import { listNotifications, markAllRead } from './service.ts';

export const notificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/notifications/',
      signedIn(deps.auth, {
        tags: ['notifications'],
        summary: 'The signed-in user’s notifications, newest first',
        response: { 200: notificationList },
      }),
      async (request) => listNotifications(deps.db, userIdOf(request)),
    );

    app.post(
      '/api/notifications/mark-all-read/',
      signedIn(deps.auth, {
        tags: ['notifications'],
        summary: 'Mark every notification read',
        body: z.object({}).nullish(),
        response: { 200: markAllReadResponse },
      }),
      async (request) => ({ updated: await markAllRead(deps.db, userIdOf(request)) }),
    );
  };
