import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { journeyRoutes } from './routes.ts';
import type { JourneyService } from './service.ts';

export { createJourneyService, type JourneyService, type JourneySummary } from './service.ts';

/** The pilgrim's Camino record: route, places, dates, distance, Compostela and company. */
export const journeyFeature = (deps: AppDeps, service: JourneyService): Feature => ({
  name: 'journey',
  routes: journeyRoutes(deps, service),
});
