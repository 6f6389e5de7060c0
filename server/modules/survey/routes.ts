import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#contract/common.ts';
import { surveySubmission, surveySubmitted } from '#contract/survey.ts';
import type { AppDeps } from '#server/deps.ts';
import { submitSurvey } from './service.ts';

export const surveyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/survey/submit/',
      {
        schema: {
          tags: ['community'],
          summary: 'Submit the feedback survey; a repeated submissionId is stored once',
          body: surveySubmission,
          response: { 201: surveySubmitted, 400: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const id = await submitSurvey(deps, request.body, request.ip);
        return reply.status(201).send({ ok: true as const, id });
      },
    );
  };
