import type { Feature } from '../feature-module.ts';
import { storeJobs } from './jobs.ts';
import { storeRoutes } from './routes.ts';
import type { StoreService } from './service.ts';

export { adminOrder } from './schemas.ts';
export { createStoreService, orderListener, type StoreService } from './service.ts';

export const storeFeature = (service: StoreService): Feature => ({
  name: 'store',
  routes: storeRoutes(service),
  jobs: storeJobs(service),
});
