import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/dist/pure.mjs';
import { paymentMessages } from '#contract/payments.ts';

let loading: { key: string; promise: Promise<Stripe | null> } | null = null;

/** Stripe.js from Stripe's host, loaded once and only when a Stripe card form is shown. */
export const stripeFor = (publishableKey: string): Promise<Stripe | null> => {
  if (!publishableKey.startsWith('pk_')) return Promise.reject(new Error('not a Stripe publishable key'));
  if (loading?.key !== publishableKey) loading = { key: publishableKey, promise: loadStripe(publishableKey) };
  return loading.promise;
};

export type PaymentOutcome = { ok: true } | { ok: false; message: string };

/**
 * Confirms the card against the client secret, for a one-off payment and for a subscription's first
 * invoice alike (the server saves the card as the subscription's default).
 */
export const confirmCard = async (
  stripe: Pick<Stripe, 'confirmCardPayment'>,
  card: StripeCardElement,
  clientSecret: string,
  billing: { email?: string; name?: string },
): Promise<PaymentOutcome> => {
  const billingDetails = {
    ...(billing.email ? { email: billing.email } : {}),
    ...(billing.name ? { name: billing.name } : {}),
  };
  const result = await stripe.confirmCardPayment(clientSecret, {
    payment_method: { card, billing_details: billingDetails },
  });
  if (result.error) return { ok: false, message: result.error.message || paymentMessages.failedFallback };
  if (result.paymentIntent?.status === 'succeeded' || result.paymentIntent?.status === 'processing')
    return { ok: true };
  return { ok: false, message: paymentMessages.failedFallback };
};
