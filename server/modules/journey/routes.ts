import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { journeyResponse, updateJourneyBody } from '#contract/journey.ts';
import type { AppDeps } from '#server/deps.ts';
import { ownResource } from '#server/http/auth-guard.ts';
import type { JourneyService } from './service.ts';

export const journeyRoutes =
  (deps: AppDeps, service: JourneyService): FastifyPluginAsyncZod =>
  async (app) => {
    ownResource(app, deps.auth, '/api/journey/', {
      tags: ['journey'],
      answer: journeyResponse,
      read: {
        summary: 'The signed-in pilgrim’s Camino record; every field is null until filled in',
        run: service.getJourney,
      },
      change: {
        summary:
          'Change only the record’s fields sent (null or empty clears one); its dates become the profile’s camino_start_date and camino_duration',
        // An empty body changes nothing and answers the record as it is.
        body: updateJourneyBody.nullish(),
        run: (userId, update) => service.updateJourney(userId, update ?? {}),
      },
    });
  };
