import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { authJobs } from './jobs.ts';
import { authRoutes } from './routes.ts';
import { createAuthService } from './service.ts';

export { verifyPassword } from './passwords.ts';

export const authFeature = (deps: AppDeps): Feature => {
  const service = createAuthService(deps);
  return { name: 'auth', routes: authRoutes(deps, service), jobs: authJobs(deps, service) };
};
