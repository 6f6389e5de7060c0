import type { AppDeps } from '../../deps.ts';
import type { Feature } from '../feature-module.ts';
import { storeJobs } from './jobs.ts';
import { storeRoutes } from './routes.ts';

export { listOrders, orderListener } from './service.ts';

export const storeFeature = (deps: AppDeps): Feature => ({
  name: 'store',
  routes: storeRoutes(deps),
  jobs: storeJobs(deps),
});
