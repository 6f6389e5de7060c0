import type { PaymentIntentResult, Stripe, StripeCardElement } from '@stripe/stripe-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const loadStripe = vi.fn(async (key: string) => ({ key }) as unknown as Stripe);
vi.mock('@stripe/stripe-js/dist/pure.mjs', () => ({ loadStripe }));

const { confirmCard, stripeFor } = await import('./stripe.ts');
const { documentAllowsStripe } = await import('./stripe-ready-document.ts');

const card = { elementType: 'card' } as unknown as StripeCardElement;
const stripeAnswering = (result: Partial<PaymentIntentResult>) => ({
  confirmCardPayment: vi.fn(async () => result as PaymentIntentResult),
});

describe('loading Stripe.js', () => {
  beforeEach(() => loadStripe.mockClear());

  it('loads Stripe.js once for a publishable key', async () => {
    const first = await stripeFor('pk_test_one');
    const again = await stripeFor('pk_test_one');
    expect(again).toBe(first);
    expect(loadStripe).toHaveBeenCalledTimes(1);
    expect(loadStripe).toHaveBeenCalledWith('pk_test_one');
  });

  it('never loads Stripe.js with a placeholder or a secret key', async () => {
    await expect(stripeFor('')).rejects.toThrow();
    await expect(stripeFor('sk_live_secret')).rejects.toThrow();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});

describe('confirming the card', () => {
  it('confirms the card against the client secret with the billing email', async () => {
    const stripe = stripeAnswering({
      paymentIntent: { status: 'succeeded' } as PaymentIntentResult['paymentIntent'],
    });
    await expect(confirmCard(stripe, card, 'pi_1_secret_2', { email: 'ana@example.com' })).resolves.toEqual({
      ok: true,
    });
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', {
      payment_method: { card, billing_details: { email: 'ana@example.com' } },
    });
  });

  it('passes on the provider’s message when the card is declined', async () => {
    const stripe = stripeAnswering({ error: { type: 'card_error', message: 'Your card was declined.' } });
    await expect(confirmCard(stripe, card, 'pi_1_secret_2', {})).resolves.toEqual({
      ok: false,
      message: 'Your card was declined.',
    });
  });

  it('falls back to the spec’s message when the provider gives none', async () => {
    const stripe = stripeAnswering({ error: { type: 'api_error' } });
    await expect(confirmCard(stripe, card, 'pi_1_secret_2', {})).resolves.toEqual({
      ok: false,
      message: 'An error occurred during payment',
    });
    const unfinished = stripeAnswering({
      paymentIntent: { status: 'requires_action' } as PaymentIntentResult['paymentIntent'],
    });
    await expect(confirmCard(unfinished, card, 'pi_1_secret_2', {})).resolves.toMatchObject({ ok: false });
  });
});

describe('the pages whose policy allows Stripe.js', () => {
  it.each([
    ['https://pilgrimsoul.example/donate', true],
    ['https://pilgrimsoul.example/store/order?product=tote-bag', true],
    ['https://pilgrimsoul.example/Store/Order/', true],
    ['https://pilgrimsoul.example/', false],
    ['https://pilgrimsoul.example/store', false],
  ])('%s allows it: %s', (url, allowed) => {
    expect(documentAllowsStripe(url)).toBe(allowed);
  });
});
