import type { Feature } from '../feature-module.ts';
import { donationJobs } from './jobs.ts';
import { donationRoutes } from './routes.ts';
import type { DonationsService } from './service.ts';

export { forgetDonor, runningSubscriptionsOf } from './repository.ts';
export { adminDonation } from './schemas.ts';
export { createDonationsService, type DonationsService, donationListener } from './service.ts';

/** Giving: the record of gifts, their receipts and the pages that manage a monthly gift. */
export const donationsFeature = (service: DonationsService): Feature => ({
  name: 'donations',
  routes: donationRoutes(service),
  jobs: donationJobs(service),
});
