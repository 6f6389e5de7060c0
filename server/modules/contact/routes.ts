import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, okBody } from '../../../contract/common.ts';
import { contactRequest } from '../../../contract/contact.ts';
import type { AppDeps } from '../../deps.ts';
import { submitContactMessage } from './service.ts';

export const contactRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/contact/',
      {
        schema: {
          tags: ['community'],
          summary: 'Send a message to the team (the simple contact form or the /inquire form)',
          body: contactRequest,
          response: { 201: okBody, 400: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        await submitContactMessage(deps, request.body, request.ip);
        return reply.status(201).send({ ok: true as const });
      },
    );
  };
