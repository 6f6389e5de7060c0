import { timingSafeEqual } from 'node:crypto';
import { paymentMessages } from '#contract/payments.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError, Conflict, Invalid, NotFound, Unavailable } from '#server/http/errors.ts';
import type {
  BillingInterval,
  PaymentCurrency,
  PaymentEvent,
  PaymentProvider,
  PaymentPurpose,
} from './provider.ts';
import * as repository from './repository.ts';
import { createStripeClient, createStripeProvider } from './stripe-provider.ts';
import { testCardOutcome } from './test-cards.ts';
import { createTestModeProvider, testModeEvents } from './test-mode-provider.ts';

export type Checkout = repository.CheckoutRow;

/** Each feature that sells something hears about its own checkouts' payments, inside the recording transaction. */
export interface PaymentListener {
  handle(tx: Tx, checkout: Checkout | null, event: PaymentEvent): Promise<void>;
}
export type PaymentListeners = Record<PaymentPurpose, PaymentListener>;

export class PaymentDeclined extends AppError {
  constructor(message: string) {
    super(402, message, 'cardNumber');
  }
}

/** The configured provider: Stripe when a key is set, else test mode. Built once, by createFeatures. */
export const createPaymentProvider = (deps: Pick<AppDeps, 'config' | 'db'>): PaymentProvider =>
  deps.config.payments === 'stripe'
    ? createStripeProvider(createStripeClient(deps.config), {
        publishableKey: deps.config.STRIPE_PUBLISHABLE_KEY ?? null,
        webhookSecret: deps.config.STRIPE_WEBHOOK_SECRET ?? null,
        prices: {
          get: (key) => repository.findPrice(deps.db, key),
          set: (key, id) => repository.savePrice(deps.db, key, id),
        },
      })
    : createTestModeProvider();

export interface NewCheckout {
  purpose: PaymentPurpose;
  reference?: string;
  amountMinor: number;
  currency: PaymentCurrency;
  interval: BillingInterval | null;
  email: string | null;
  description: string;
  /** The caller's key: the same key again answers with the same checkout, never a second one. */
  idempotencyKey?: string;
}

const sameRequest = (row: Checkout, request: NewCheckout) =>
  row.purpose === request.purpose &&
  row.amountMinor === request.amountMinor &&
  row.currency === request.currency &&
  row.interval === request.interval &&
  (row.reference ?? undefined) === request.reference;

const existingCheckout = async (db: Db, request: NewCheckout) => {
  if (!request.idempotencyKey) return null;
  const row = await repository.findCheckoutByKey(db, request.idempotencyKey);
  if (row && !sameRequest(row, request))
    throw new Conflict('This idempotency key was already used for a different payment.', 'idempotencyKey');
  return row;
};

const checkoutFor = async (tx: Tx, event: PaymentEvent) => {
  if (event.type === 'subscription.changed')
    return repository.findCheckoutBySubscription(tx, event.subscriptionId);
  if (event.type === 'payment.refunded') return repository.findCheckoutByIntent(tx, event.intentId);
  if (event.subscriptionId) return repository.findCheckoutBySubscription(tx, event.subscriptionId);
  const checkout = event.intentId ? await repository.findCheckoutByIntent(tx, event.intentId) : null;
  // A subscription's invoice payment is recorded from its invoice event, not from its payment intent.
  return checkout?.kind === 'payment' ? checkout : null;
};

const secretsMatch = (stored: string | null, given: string) =>
  stored !== null &&
  stored.length === given.length &&
  timingSafeEqual(Buffer.from(stored), Buffer.from(given));

/**
 * Checkouts and the one path every payment event takes, built once over the configured provider; each sale's
 * feature hears of its own payments. Only this service speaks to the provider.
 */
export const createPaymentsService = (
  deps: AppDeps,
  provider: PaymentProvider,
  listeners: PaymentListeners,
) => {
  const insertCheckout = async (request: NewCheckout) => {
    try {
      return await repository.insertCheckout(deps.db, {
        provider: provider.name,
        purpose: request.purpose,
        reference: request.reference ?? null,
        kind: request.interval ? 'subscription' : 'payment',
        amountMinor: request.amountMinor,
        currency: request.currency,
        interval: request.interval,
        email: request.email,
        description: request.description,
        idempotencyKey: request.idempotencyKey ?? null,
      });
    } catch (error) {
      // Two requests with one key at the same moment: the other one made the checkout.
      const raced = await existingCheckout(deps.db, request);
      if (raced) return raced;
      throw error;
    }
  };

  /** Creates (or, for a repeated key, finds) the checkout and the provider's intent or subscription behind it. */
  const createCheckout = async (request: NewCheckout): Promise<Checkout> => {
    const existing = await existingCheckout(deps.db, request);
    if (existing?.clientSecret) return existing;
    const row = existing ?? (await insertCheckout(request));
    try {
      // A retry reuses the checkout id, so the provider's idempotency keys return the same objects.
      const created = await provider.createCheckout({
        checkoutId: row.id,
        purpose: row.purpose,
        amountMinor: row.amountMinor,
        currency: request.currency,
        interval: request.interval,
        email: row.email,
        description: row.description,
      });
      const values = { ...created, status: 'open' as const };
      await repository.updateCheckout(deps.db, row.id, values);
      return { ...row, ...values };
    } catch (error) {
      deps.logger.error(
        { err: error, checkoutId: row.id },
        'the payment provider did not create the checkout',
      );
      throw new Unavailable(paymentMessages.setupFailed);
    }
  };

  /** The one path every provider event takes: recorded once, then handed to the feature that sold it. */
  const recordPaymentEvent = (event: PaymentEvent) =>
    deps.db.transaction(async (tx) => {
      if (!(await repository.recordEvent(tx, event.eventId, event.type))) return 'duplicate' as const;
      const checkout = await checkoutFor(tx, event);
      if (checkout && event.type === 'payment.succeeded')
        await repository.setCheckoutStatus(tx, checkout.id, 'succeeded');
      if (checkout && event.type === 'payment.failed')
        await repository.setCheckoutStatus(tx, checkout.id, 'failed');
      if (checkout) await listeners[checkout.purpose].handle(tx, checkout, event);
      else if (event.type === 'payment.refunded') {
        // A refunded subscription payment is known only to the feature that recorded it.
        for (const listener of Object.values(listeners)) await listener.handle(tx, null, event);
      } else
        deps.logger.info({ eventId: event.eventId, type: event.type }, 'payment event for no known checkout');
      return 'recorded' as const;
    });

  /** Test mode's card form: the well-known test cards succeed or decline, recorded as Stripe's webhooks would be. */
  const confirmTestPayment = async (card: {
    clientSecret: string;
    cardNumber: string;
    expiry: string;
    cvc: string;
  }) => {
    if (provider.name !== 'test') throw new NotFound('Test mode is off: card payments go to Stripe.');
    const intentId = card.clientSecret.split('_secret_')[0] ?? '';
    const checkout = await repository.findCheckoutByIntent(deps.db, intentId);
    if (checkout?.provider !== 'test' || !secretsMatch(checkout.clientSecret, card.clientSecret))
      throw new Invalid(paymentMessages.unknownIntent, 'clientSecret');
    if (checkout.status === 'succeeded') throw new Conflict(paymentMessages.alreadyPaid, 'clientSecret');
    const outcome = testCardOutcome(card, new Date());
    if (!outcome.ok && outcome.kind === 'invalid') throw new Invalid(outcome.message, outcome.field);
    const events = testModeEvents(
      checkout,
      outcome.ok ? { ok: true } : { ok: false, reason: outcome.message },
    );
    for (const event of events) await recordPaymentEvent(event);
    if (!outcome.ok) throw new PaymentDeclined(outcome.message);
    return { status: 'succeeded' as const };
  };

  /** Cancels at the provider, then records the new state through the same path as the provider's own event. */
  const cancelSubscription = async (subscriptionId: string) => {
    let status: Awaited<ReturnType<PaymentProvider['cancelSubscription']>>;
    try {
      status = await provider.cancelSubscription(subscriptionId);
    } catch (error) {
      deps.logger.error(
        { err: error, subscriptionId },
        'the payment provider did not cancel the subscription',
      );
      throw new Unavailable('We could not cancel the gift just now. Please try again shortly.');
    }
    await recordPaymentEvent({
      type: 'subscription.changed',
      eventId: `cancel-${subscriptionId}`,
      subscriptionId,
      status,
    });
    return status;
  };

  /** A webhook from the provider: a bad or missing signature is refused before anything is recorded. */
  const receiveWebhook = async (rawBody: Buffer, signature: string | undefined) => {
    if (!provider.readWebhook) throw new NotFound('Webhooks are only received when Stripe is configured.');
    if (!signature) throw new Invalid('The Stripe-Signature header is missing.', 'stripe-signature');
    let events: PaymentEvent[];
    try {
      events = provider.readWebhook(rawBody, signature);
    } catch (error) {
      deps.logger.warn({ err: error }, 'webhook refused');
      throw new Invalid('The webhook signature does not match.', 'stripe-signature');
    }
    for (const event of events) await recordPaymentEvent(event);
  };

  /** The provider's own page where a donor manages their cards, or null when there is none. */
  const portalUrl = (customerId: string, returnUrl: string) => provider.portalUrl(customerId, returnUrl);

  /** Which card form the web shows: the test-mode form, or Stripe's with its publishable key. */
  const cardForm = { provider: provider.name, publishableKey: provider.publishableKey };

  return { cardForm, createCheckout, confirmTestPayment, cancelSubscription, receiveWebhook, portalUrl };
};

export type PaymentsService = ReturnType<typeof createPaymentsService>;
