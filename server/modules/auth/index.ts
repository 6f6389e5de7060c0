import type { FeatureModule } from '../feature-module.ts';
import { authJobs } from './jobs.ts';
import { authRoutes } from './routes.ts';

export const authModule: FeatureModule = {
  name: 'auth',
  routes: authRoutes,
  jobs: authJobs,
};
