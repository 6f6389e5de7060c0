export type { PaymentEvent, SubscriptionState } from './provider.ts';
export { paymentRoutes } from './routes.ts';
export {
  type Checkout,
  cancelSubscription,
  createCheckout,
  type PaymentListener,
  type PaymentListeners,
  paymentProvider,
} from './service.ts';
