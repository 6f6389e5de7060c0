import type { Feature } from '../feature-module.ts';
import { newsletterJobs } from './jobs.ts';
import { newsletterRoutes } from './routes.ts';
import type { NewsletterService } from './service.ts';

export { unsubscribeEmail } from './repository.ts';
export { subscriber } from './schemas.ts';
export { createNewsletterService, type NewsletterService } from './service.ts';

export const newsletterFeature = (service: NewsletterService): Feature => ({
  name: 'newsletter',
  routes: newsletterRoutes(service),
  jobs: newsletterJobs(service),
});
