import type { AppDeps } from '../../deps.ts';
import type { Feature } from '../feature-module.ts';
import { profileRoutes } from './routes.ts';

export const profileFeature = (deps: AppDeps): Feature => ({
  name: 'profile',
  routes: profileRoutes(deps),
});
