import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, okBody } from '../../../contract/common.ts';
import { joinRequest, volunteerRequest } from '../../../contract/community.ts';
import type { AppDeps } from '../../deps.ts';
import { submitJoinRequest, submitVolunteerRequest } from './service.ts';

export const communityRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/join/',
      {
        schema: {
          tags: ['community'],
          summary: 'Join the community as a pilgrim, a soul companion or a teacher or theologian',
          body: joinRequest,
          response: { 201: okBody, 400: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        await submitJoinRequest(deps, request.body, request.ip);
        return reply.status(201).send({ ok: true as const });
      },
    );

    app.post(
      '/api/volunteer/',
      {
        schema: {
          tags: ['community'],
          summary: 'Offer to volunteer in an area of interest',
          body: volunteerRequest,
          response: { 201: okBody, 400: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        await submitVolunteerRequest(deps, request.body, request.ip);
        return reply.status(201).send({ ok: true as const });
      },
    );
  };
