import type { FeatureModule } from '../feature-module.ts';
import { surveyRoutes } from './routes.ts';

export { listSurveyResponses, surveyAggregates } from './service.ts';

export const surveyModule: FeatureModule = {
  name: 'survey',
  routes: surveyRoutes,
};
