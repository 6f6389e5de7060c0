import type { FeatureModule } from '../feature-module.ts';
import { communityJobs } from './jobs.ts';
import { communityRoutes } from './routes.ts';

export { listCommunityRequests, setCommunityRequestHandled } from './service.ts';

export const communityModule: FeatureModule = {
  name: 'community',
  routes: communityRoutes,
  jobs: communityJobs,
};
