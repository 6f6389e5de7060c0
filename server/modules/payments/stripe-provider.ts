import Stripe from 'stripe';
import type { Config } from '#server/config.ts';
import type {
  BillingInterval,
  CheckoutRequest,
  CreatedCheckout,
  PaymentProvider,
  SubscriptionState,
} from './provider.ts';
import { translateStripeEvent } from './stripe-events.ts';

export interface PriceCache {
  get(lookupKey: string): Promise<string | null>;
  set(lookupKey: string, priceId: string): Promise<void>;
}

export const createStripeClient = (config: Config) => {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY!, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
};

const giftName = (interval: BillingInterval) => (interval === 'month' ? 'Monthly gift' : 'Yearly gift');

/** The official SDK: a PaymentIntent for one payment, an incomplete Subscription for a recurring one. */
export const createStripeProvider = (
  stripe: Stripe,
  options: { publishableKey: string | null; webhookSecret: string | null; prices: PriceCache },
): PaymentProvider => {
  const priceFor = async (amountMinor: number, currency: string, interval: BillingInterval) => {
    const lookupKey = `gift-${currency}-${interval}-${amountMinor}`;
    const cached = await options.prices.get(lookupKey);
    if (cached) return cached;
    const [existing] = (await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })).data;
    const price =
      existing ??
      (await stripe.prices.create(
        {
          unit_amount: amountMinor,
          currency,
          recurring: { interval },
          lookup_key: lookupKey,
          product_data: { name: giftName(interval) },
        },
        { idempotencyKey: `price-${lookupKey}` },
      ));
    await options.prices.set(lookupKey, price.id);
    return price.id;
  };

  const createCustomer = (request: CheckoutRequest) =>
    stripe.customers.create(
      {
        ...(request.email ? { email: request.email } : {}),
        description: request.description,
        metadata: { checkout_id: request.checkoutId },
      },
      { idempotencyKey: `${request.checkoutId}-customer` },
    );

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    createCheckout: async (request): Promise<CreatedCheckout> => {
      const metadata = { checkout_id: request.checkoutId, purpose: request.purpose };
      const customer = await createCustomer(request);
      if (!request.interval) {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currency,
            customer: customer.id,
            description: request.description,
            allowed_payment_method_types: ['card'],
            ...(request.email ? { receipt_email: request.email } : {}),
            metadata,
          },
          { idempotencyKey: `${request.checkoutId}-payment-intent` },
        );
        return {
          kind: 'payment',
          clientSecret: intent.client_secret!,
          customerId: customer.id,
          intentId: intent.id,
          subscriptionId: null,
        };
      }
      const price = await priceFor(request.amountMinor, request.currency, request.interval);
      const subscription = await stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [{ price }],
          payment_behavior: 'default_incomplete',
          payment_settings: {
            save_default_payment_method: 'on_subscription',
            payment_method_types: ['card'],
          },
          expand: ['latest_invoice.confirmation_secret'],
          metadata,
        },
        { idempotencyKey: `${request.checkoutId}-subscription` },
      );
      const invoice = subscription.latest_invoice;
      const clientSecret = typeof invoice === 'object' ? invoice?.confirmation_secret?.client_secret : null;
      if (!clientSecret) throw new Error(`subscription ${subscription.id} has no confirmation secret`);
      return {
        kind: 'subscription',
        clientSecret,
        customerId: customer.id,
        intentId: clientSecret.split('_secret_')[0] ?? null,
        subscriptionId: subscription.id,
      };
    },
    cancelSubscription: async (subscriptionId) => {
      const subscription = await stripe.subscriptions.cancel(
        subscriptionId,
        {},
        {
          idempotencyKey: `cancel-${subscriptionId}`,
        },
      );
      return subscription.status as SubscriptionState;
    },
    portalUrl: async (customerId, returnUrl) =>
      (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url,
    readWebhook: (rawBody, signature) => {
      if (!options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not configured');
      return translateStripeEvent(stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret));
    },
  };
};
