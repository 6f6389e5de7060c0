import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccountBody } from '#contract/account.ts';
import { errorBody, okBody } from '#contract/common.ts';
import type { AppDeps } from '#server/deps.ts';
import { signedIn, userIdOf } from '#server/http/auth-guard.ts';
import type { AccountService } from './service.ts';

export const accountRoutes =
  (deps: AppDeps, service: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    app.delete(
      '/api/account/',
      {
        ...signedIn(deps.auth, {
          tags: ['account'],
          summary:
            'Delete the account with everything it holds, after the current password; donations keep only amount, date and receipt number',
          body: deleteAccountBody,
          response: {
            200: okBody,
            400: errorBody,
            403: errorBody,
            429: errorBody,
            503: errorBody,
          },
        }),
        config: { rateLimits: ['account-delete:user'] },
      },
      async (request) => {
        await service.deleteAccount(userIdOf(request), request.body.password);
        return { ok: true as const };
      },
    );
  };
