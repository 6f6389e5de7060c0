import type { AppDeps } from '../../deps.ts';
import type { Feature } from '../feature-module.ts';
import { adminRoutes } from './routes.ts';

export const adminFeature = (deps: AppDeps): Feature => ({
  name: 'admin',
  routes: adminRoutes(deps),
});
