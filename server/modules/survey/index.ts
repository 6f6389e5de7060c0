import type { AuthGuard } from '#server/http/auth-guard.ts';
import type { Feature } from '../feature-module.ts';
import { surveyRoutes } from './routes.ts';
import type { SurveyService } from './service.ts';

export { surveyResponseItem } from './schemas.ts';
export { createSurveyService, type SurveyService } from './service.ts';

export const surveyFeature = (auth: AuthGuard, service: SurveyService): Feature => ({
  name: 'survey',
  routes: surveyRoutes(auth, service),
});
