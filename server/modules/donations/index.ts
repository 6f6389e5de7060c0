import type { AppDeps } from '../../deps.ts';
import type { Feature } from '../feature-module.ts';
import type { PaymentListeners } from '../payments/index.ts';
import { donationJobs } from './jobs.ts';
import { donationRoutes } from './routes.ts';

export { donationListener, listDonations } from './service.ts';

/** Giving: the record of gifts, their receipts and the pages that manage a monthly gift. */
export const donationsFeature = (deps: AppDeps, listeners: PaymentListeners): Feature => ({
  name: 'donations',
  routes: donationRoutes(deps, listeners),
  jobs: donationJobs(deps),
});
