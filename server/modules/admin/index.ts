import type { FeatureModule } from '../feature-module.ts';
import { adminRoutes } from './routes.ts';

export const adminModule: FeatureModule = {
  name: 'admin',
  routes: adminRoutes,
};
