import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { type AdminServices, adminRoutes } from './routes.ts';

export const adminFeature = (deps: AppDeps, services: AdminServices): Feature => ({
  name: 'admin',
  routes: adminRoutes(deps, services),
});
