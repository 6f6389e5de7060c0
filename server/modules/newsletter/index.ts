import type { FeatureModule } from '../feature-module.ts';
import { newsletterRoutes } from './routes.ts';

export { listSubscribers, sendNewsletterEmail } from './service.ts';

export const newsletterModule: FeatureModule = {
  name: 'newsletter',
  routes: newsletterRoutes,
};
