import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#contract/common.ts';
import { journeyResponse, updateJourneyBody } from '#contract/journey.ts';
import type { AppDeps } from '#server/deps.ts';
import { signedIn, userIdOf } from '#server/http/auth-guard.ts';
import type { JourneyService } from './service.ts';

export const journeyRoutes =
  (deps: AppDeps, service: JourneyService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/journey/',
      signedIn(deps.auth, {
        tags: ['journey'],
        summary: 'The signed-in pilgrim’s Camino record; every field is null until filled in',
        response: { 200: journeyResponse },
      }),
      async (request) => service.getJourney(userIdOf(request)),
    );

    app.put(
      '/api/journey/',
      signedIn(deps.auth, {
        tags: ['journey'],
        summary:
          'Change only the record’s fields sent (null or empty clears one); its dates become the profile’s camino_start_date and camino_duration',
        // An empty body changes nothing and answers the record as it is.
        body: updateJourneyBody.nullish(),
        response: { 200: journeyResponse, 400: errorBody },
      }),
      async (request) => service.updateJourney(userIdOf(request), request.body ?? {}),
    );
  };
