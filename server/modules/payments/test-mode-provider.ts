import { randomBytes } from 'node:crypto';
import type { CreatedCheckout, PaymentEvent, PaymentProvider } from './provider.ts';

const testId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export interface TestModeCheckout {
  kind: 'payment' | 'subscription';
  intentId: string | null;
  subscriptionId: string | null;
  amountMinor: number;
  currency: string;
}

/** Runs entirely here, like Stripe's own test mode: no network, no card charged. */
export const createTestModeProvider = (): PaymentProvider => ({
  name: 'test',
  publishableKey: null,
  createCheckout: async (request): Promise<CreatedCheckout> => {
    const intentId = testId('pi');
    const clientSecret = `${intentId}_secret_${randomBytes(16).toString('hex')}`;
    if (!request.interval)
      return { kind: 'payment', clientSecret, customerId: testId('cus'), intentId, subscriptionId: null };
    return {
      kind: 'subscription',
      clientSecret,
      customerId: testId('cus'),
      intentId,
      subscriptionId: testId('sub'),
    };
  },
  cancelSubscription: async () => 'canceled',
  portalUrl: async () => null,
});

/** The events Stripe would send when a test card succeeds or is declined. */
export const testModeEvents = (
  checkout: TestModeCheckout,
  outcome: { ok: true } | { ok: false; reason: string },
): PaymentEvent[] => {
  const paymentId = checkout.kind === 'subscription' ? testId('in') : checkout.intentId!;
  const payment = {
    eventId: testId('evt'),
    paymentId,
    intentId: checkout.intentId,
    subscriptionId: checkout.subscriptionId,
    amountMinor: checkout.amountMinor,
    currency: checkout.currency,
  };
  if (!outcome.ok) return [{ type: 'payment.failed', ...payment, reason: outcome.reason }];
  const activated: PaymentEvent[] = checkout.subscriptionId
    ? [
        {
          type: 'subscription.changed',
          eventId: testId('evt'),
          subscriptionId: checkout.subscriptionId,
          status: 'active',
        },
      ]
    : [];
  return [{ type: 'payment.succeeded', ...payment }, ...activated];
};
