import type { Feature } from '../feature-module.ts';
import { paymentRoutes } from './routes.ts';
import type { PaymentsService } from './service.ts';

export type { PaymentEvent, SubscriptionState } from './provider.ts';
export { forgetPayer } from './repository.ts';
export {
  type Checkout,
  createPaymentProvider,
  createPaymentsService,
  type PaymentListener,
  type PaymentsService,
} from './service.ts';

/** Checkouts, webhooks and test-mode cards; each sale's feature hears of its own payments through its listener. */
export const paymentsFeature = (service: PaymentsService): Feature => ({
  name: 'payments',
  routes: paymentRoutes(service),
});
