import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { newsletterJobs } from './jobs.ts';
import { newsletterRoutes } from './routes.ts';
import type { NewsletterService } from './service.ts';

export { unsubscribeEmail } from './repository.ts';
export { subscriber } from './schemas.ts';
export { createNewsletterService, type NewsletterService } from './service.ts';

export const newsletterFeature = (deps: AppDeps, service: NewsletterService): Feature => ({
  name: 'newsletter',
  routes: newsletterRoutes(deps, service),
  jobs: newsletterJobs(service),
});
