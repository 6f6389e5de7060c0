import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '#contract/common.ts';
import {
  confirmResponse,
  newsletterMessages,
  subscribeRequest,
  subscribeResponse,
  tokenRequest,
  unsubscribeResponse,
} from '#contract/newsletter.ts';
import { Invalid } from '#server/http/errors.ts';
import type { NewsletterService } from './service.ts';

const tokenQuery = z.object({ token: z.string().max(300).optional() });
/** RFC 8058 clients post `List-Unsubscribe=One-Click` as a form; the token rides in the URL. */
const oneClickBody = z
  .object({ token: z.string().max(300).optional() })
  .passthrough()
  .optional();

export const newsletterRoutes =
  (service: NewsletterService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/newsletter/subscribe/',
      {
        config: { rateLimits: ['newsletter:ip', 'newsletter:email'] },
        schema: {
          tags: ['newsletter'],
          summary: 'Ask for the newsletter; a confirmation email follows (double opt-in)',
          body: subscribeRequest,
          response: { 200: subscribeResponse, 400: errorBody, 429: errorBody, 503: errorBody },
        },
      },
      async (request) => service.subscribe(request.body.email),
    );

    app.post(
      '/api/newsletter/confirm/',
      {
        schema: {
          tags: ['newsletter'],
          summary: 'Confirm a subscription with the token from the confirmation email',
          body: tokenRequest,
          response: { 200: confirmResponse, 400: errorBody, 503: errorBody },
        },
      },
      async (request) => service.confirm(request.body.token),
    );

    const unsubscribeHandler = async (request: {
      body?: { token?: string | undefined } | undefined;
      query: { token?: string | undefined };
    }) => {
      const token = request.body?.token ?? request.query.token;
      if (!token) throw new Invalid(newsletterMessages.missingToken, 'token');
      return service.unsubscribe(token);
    };

    app.post(
      '/api/newsletter/unsubscribe/',
      {
        schema: {
          tags: ['newsletter'],
          summary: 'Unsubscribe with the token from any newsletter email (JSON body or ?token=)',
          querystring: tokenQuery,
          body: oneClickBody,
          response: { 200: unsubscribeResponse, 400: errorBody },
        },
      },
      unsubscribeHandler,
    );

    // The List-Unsubscribe header names the page people see; mail clients POST to it (RFC 8058).
    app.post(
      '/newsletter/unsubscribe',
      {
        schema: {
          tags: ['newsletter'],
          operationId: 'postNewsletterOneClickUnsubscribe',
          summary: 'RFC 8058 one-click unsubscribe from a mail client',
          querystring: tokenQuery,
          body: oneClickBody,
          response: { 200: unsubscribeResponse, 400: errorBody },
        },
      },
      unsubscribeHandler,
    );
  };
