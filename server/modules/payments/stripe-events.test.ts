import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { translateStripeEvent } from './stripe-events.ts';

const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', object: 'event', type, data: { object } }) as unknown as Stripe.Event;

describe('Stripe events as payment facts', () => {
  it('reads a paid subscription invoice with its subscription and payment intent', () => {
    expect(
      translateStripeEvent(
        event('invoice.paid', {
          id: 'in_1',
          amount_paid: 1500,
          amount_due: 1500,
          currency: 'gbp',
          parent: { subscription_details: { subscription: 'sub_1' } },
          payments: { data: [{ payment: { payment_intent: 'pi_1' } }] },
        }),
      ),
    ).toEqual([
      {
        type: 'payment.succeeded',
        eventId: 'evt_1',
        paymentId: 'in_1',
        intentId: 'pi_1',
        subscriptionId: 'sub_1',
        amountMinor: 1500,
        currency: 'gbp',
      },
    ]);
  });

  it('ignores an invoice that belongs to no subscription, and events it does not use', () => {
    expect(
      translateStripeEvent(
        event('invoice.paid', { id: 'in_2', amount_paid: 100, currency: 'gbp', parent: null }),
      ),
    ).toEqual([]);
    expect(translateStripeEvent(event('customer.created', { id: 'cus_1' }))).toEqual([]);
  });

  it('reads a failed payment intent with the card’s message', () => {
    const [fact] = translateStripeEvent(
      event('payment_intent.payment_failed', {
        id: 'pi_2',
        amount: 900,
        amount_received: 0,
        currency: 'gbp',
        last_payment_error: { message: 'Your card was declined.' },
      }),
    );
    expect(fact).toMatchObject({
      type: 'payment.failed',
      paymentId: 'pi_2',
      amountMinor: 900,
      reason: 'Your card was declined.',
    });
  });

  it('reads refunds and subscription changes', () => {
    expect(
      translateStripeEvent(
        event('charge.refunded', { id: 'ch_1', payment_intent: 'pi_3', amount_refunded: 500 }),
      ),
    ).toEqual([{ type: 'payment.refunded', eventId: 'evt_1', intentId: 'pi_3', amountRefundedMinor: 500 }]);
    expect(
      translateStripeEvent(event('customer.subscription.deleted', { id: 'sub_9', status: 'canceled' })),
    ).toEqual([
      { type: 'subscription.changed', eventId: 'evt_1', subscriptionId: 'sub_9', status: 'canceled' },
    ]);
  });
});
