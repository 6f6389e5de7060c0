import type { AppDeps } from '../../deps.ts';
import type { Feature } from '../feature-module.ts';
import { paymentRoutes } from './routes.ts';
import type { PaymentListeners } from './service.ts';

export type { PaymentEvent, SubscriptionState } from './provider.ts';
export {
  type Checkout,
  cancelSubscription,
  createCheckout,
  createPaymentProvider,
  type PaymentListener,
  type PaymentListeners,
} from './service.ts';

/** Checkouts, webhooks and test-mode cards; each sale's feature hears of its own payments through its listener. */
export const paymentsFeature = (deps: AppDeps, listeners: PaymentListeners): Feature => ({
  name: 'payments',
  routes: paymentRoutes(deps, listeners),
});
