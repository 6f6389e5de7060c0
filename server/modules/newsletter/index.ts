import type { FeatureModule } from '../feature-module.ts';
import { newsletterJobs } from './jobs.ts';
import { newsletterRoutes } from './routes.ts';

export { listSubscribers, queueLetter, sendNewsletterEmail } from './service.ts';

export const newsletterModule: FeatureModule = {
  name: 'newsletter',
  routes: newsletterRoutes,
  jobs: newsletterJobs,
};
