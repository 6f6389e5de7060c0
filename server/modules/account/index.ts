import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { accountRoutes } from './routes.ts';
import { type AccountDeps, createAccountService } from './service.ts';

/** Deleting one's own account: everything it holds goes, save the anonymous record of giving. */
export const accountFeature = (
  deps: AppDeps,
  cancelSubscription: AccountDeps['cancelSubscription'],
  removeUploads: AccountDeps['removeUploads'],
  stopRenders: AccountDeps['stopRenders'],
): Feature => ({
  name: 'account',
  routes: accountRoutes(
    deps,
    createAccountService({ ...deps, cancelSubscription, removeUploads, stopRenders }),
  ),
});
