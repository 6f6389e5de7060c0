import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { newsletterJobs } from './jobs.ts';
import { newsletterRoutes } from './routes.ts';

export { unsubscribeEmail } from './repository.ts';
export { subscriber } from './schemas.ts';
export { listSubscribers, queueLetter, sendNewsletterEmail } from './service.ts';

export const newsletterFeature = (deps: AppDeps): Feature => ({
  name: 'newsletter',
  routes: newsletterRoutes(deps),
  jobs: newsletterJobs(deps),
});
