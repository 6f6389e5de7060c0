import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { profileRoutes } from './routes.ts';
import { createProfileService } from './service.ts';

export { avatarFolder } from './service.ts';

export const profileFeature = (deps: AppDeps): Feature => ({
  name: 'profile',
  routes: profileRoutes(deps, createProfileService(deps)),
});
