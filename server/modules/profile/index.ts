import type { FeatureModule } from '../feature-module.ts';
import { profileRoutes } from './routes.ts';

export const profileModule: FeatureModule = {
  name: 'profile',
  routes: profileRoutes,
};
