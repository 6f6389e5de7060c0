import type { Feature } from '../feature-module.ts';
import { surveyRoutes } from './routes.ts';
import type { SurveyService } from './service.ts';

export { surveyResponseItem } from './schemas.ts';
export { createSurveyService, type SurveyService } from './service.ts';

export const surveyFeature = (service: SurveyService): Feature => ({
  name: 'survey',
  routes: surveyRoutes(service),
});
