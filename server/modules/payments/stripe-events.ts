import type Stripe from 'stripe';
import type { PaymentEvent, SubscriptionState } from './provider.ts';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const subscriptionOfInvoice = (invoice: Stripe.Invoice) =>
  idOf(invoice.parent?.subscription_details?.subscription);

const intentOfInvoice = (invoice: Stripe.Invoice) =>
  idOf(invoice.payments?.data.find((entry) => entry.payment.payment_intent)?.payment.payment_intent);

/** Stripe's events, as the few facts the record of giving and the orders need. Others are ignored. */
export const translateStripeEvent = (event: Stripe.Event): PaymentEvent[] => {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return [
        {
          type: event.type === 'payment_intent.succeeded' ? 'payment.succeeded' : 'payment.failed',
          eventId: event.id,
          paymentId: intent.id,
          intentId: intent.id,
          subscriptionId: null,
          amountMinor: event.type === 'payment_intent.succeeded' ? intent.amount_received : intent.amount,
          currency: intent.currency,
          ...(intent.last_payment_error?.message ? { reason: intent.last_payment_error.message } : {}),
        },
      ];
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      if (!invoice.id || !subscriptionId) return [];
      return [
        {
          type: event.type === 'invoice.paid' ? 'payment.succeeded' : 'payment.failed',
          eventId: event.id,
          paymentId: invoice.id,
          intentId: intentOfInvoice(invoice),
          subscriptionId,
          amountMinor: event.type === 'invoice.paid' ? invoice.amount_paid : invoice.amount_due,
          currency: invoice.currency,
        },
      ];
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId = idOf(charge.payment_intent);
      if (!intentId) return [];
      return [
        {
          type: 'payment.refunded',
          eventId: event.id,
          intentId,
          amountRefundedMinor: charge.amount_refunded,
        },
      ];
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return [
        {
          type: 'subscription.changed',
          eventId: event.id,
          subscriptionId: subscription.id,
          status: subscription.status as SubscriptionState,
        },
      ];
    }
    default:
      return [];
  }
};
