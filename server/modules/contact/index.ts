import type { FeatureModule } from '../feature-module.ts';
import { contactJobs } from './jobs.ts';
import { contactRoutes } from './routes.ts';

export { listContactMessages, setContactMessageHandled } from './service.ts';

export const contactModule: FeatureModule = {
  name: 'contact',
  routes: contactRoutes,
  jobs: contactJobs,
};
