import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { surveyRoutes } from './routes.ts';

export { surveyResponseItem } from './schemas.ts';
export { listSurveyResponses, surveyAggregates } from './service.ts';

export const surveyFeature = (deps: AppDeps): Feature => ({
  name: 'survey',
  routes: surveyRoutes(deps),
});
