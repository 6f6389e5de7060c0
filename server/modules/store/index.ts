import type { FeatureModule } from '../feature-module.ts';
import { storeJobs } from './jobs.ts';
import { storeRoutes } from './routes.ts';

export { listOrders, orderListener } from './service.ts';

export const storeModule: FeatureModule = {
  name: 'store',
  routes: storeRoutes,
  jobs: storeJobs,
};
