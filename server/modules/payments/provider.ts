import type { PaymentProviderName } from '#contract/payments.ts';

export type PaymentPurpose = 'donation' | 'order';
export type PaymentCurrency = 'gbp' | 'usd';
export type BillingInterval = 'month' | 'year';

export type SubscriptionState =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

export interface CheckoutRequest {
  /** Our checkout id: the base of every idempotency key sent to the provider. */
  checkoutId: string;
  purpose: PaymentPurpose;
  amountMinor: number;
  currency: PaymentCurrency;
  interval: BillingInterval | null;
  email: string | null;
  description: string;
}

export interface CreatedCheckout {
  kind: 'payment' | 'subscription';
  clientSecret: string;
  customerId: string | null;
  intentId: string | null;
  subscriptionId: string | null;
}

/** What happened at the provider, in one shape for Stripe's webhooks and test mode alike. */
export type PaymentEvent =
  | {
      type: 'payment.succeeded' | 'payment.failed';
      eventId: string;
      /** The payment intent of a one-off payment, or the invoice of a subscription payment. */
      paymentId: string;
      intentId: string | null;
      subscriptionId: string | null;
      amountMinor: number;
      currency: string;
      reason?: string;
    }
  | { type: 'payment.refunded'; eventId: string; intentId: string; amountRefundedMinor: number }
  | { type: 'subscription.changed'; eventId: string; subscriptionId: string; status: SubscriptionState };

export interface PaymentProvider {
  name: PaymentProviderName;
  publishableKey: string | null;
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  cancelSubscription(subscriptionId: string): Promise<SubscriptionState>;
  /** The provider's own page where a customer manages cards, or null when there is none. */
  portalUrl(customerId: string, returnUrl: string): Promise<string | null>;
  /** Verifies a webhook's signature and reads its events; throws when the signature does not match. */
  readWebhook?(rawBody: Buffer, signature: string): PaymentEvent[];
}
