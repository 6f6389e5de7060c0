import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#contract/common.ts';
import { surveySubmission, surveySubmitted } from '#contract/survey.ts';
import type { AuthGuard } from '#server/http/auth-guard.ts';
import type { SurveyService } from './service.ts';

export const surveyRoutes =
  (auth: AuthGuard, service: SurveyService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/survey/submit/',
      {
        // Signed in or not: a signed-in pilgrim's answers are linked to the account, for its export.
        preHandler: auth.optional,
        config: { rateLimits: ['survey:ip'] },
        schema: {
          tags: ['community'],
          summary: 'Submit the feedback survey; a repeated submissionId is stored once',
          body: surveySubmission,
          response: { 201: surveySubmitted, 400: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const id = await service.submitSurvey(request.body, request.userId);
        return reply.status(201).send({ ok: true as const, id });
      },
    );
  };
