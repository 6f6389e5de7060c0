import type { AppDeps } from '../../deps.ts';
import type { Feature } from '../feature-module.ts';
import { authJobs } from './jobs.ts';
import { authRoutes } from './routes.ts';

export const authFeature = (deps: AppDeps): Feature => ({
  name: 'auth',
  routes: authRoutes(deps),
  jobs: authJobs(deps),
});
