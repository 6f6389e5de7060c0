import type { AppDeps } from '../../deps.ts';
import type { FeatureModule } from '../feature-module.ts';
import { type PaymentListeners, paymentRoutes } from '../payments/index.ts';
import { orderListener } from '../store/index.ts';
import { donationJobs } from './jobs.ts';
import { donationRoutes } from './routes.ts';
import { donationListener } from './service.ts';

export { listDonations } from './service.ts';

/** Who hears about which payments: gifts go to the record of giving, orders to the store. */
const paymentListeners = (deps: AppDeps): PaymentListeners => ({
  donation: donationListener(deps),
  order: orderListener(deps),
});

/** Giving: the record of gifts and, since gifts are what it mostly carries, the payments service beside it. */
export const donationsModule: FeatureModule = {
  name: 'donations',
  routes: (deps) => async (app) => {
    const listeners = paymentListeners(deps);
    await app.register(paymentRoutes(deps, listeners));
    await app.register(donationRoutes(deps, listeners));
  },
  jobs: donationJobs,
};
