import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { profileRoutes } from './routes.ts';
import { createProfileService, type ProfileDeps } from './service.ts';

export { avatarFolder } from './service.ts';

export const profileFeature = (deps: AppDeps, journey: ProfileDeps['journey']): Feature => ({
  name: 'profile',
  routes: profileRoutes(deps, createProfileService({ ...deps, journey })),
});
