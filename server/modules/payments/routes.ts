import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '#contract/common.ts';
import type { DonationFrequency } from '#contract/donation-terms.ts';
import { createPaymentIntentBody, createPaymentIntentResponse } from '#contract/donations.ts';
import { paymentsConfigResponse, testCardBody, testCardResponse } from '#contract/payments.ts';
import { getFixed } from '#server/http/caching.ts';
import type { BillingInterval } from './provider.ts';
import type { PaymentsService } from './service.ts';

const intervals: Record<DonationFrequency, BillingInterval | null> = {
  'one-time': null,
  monthly: 'month',
  yearly: 'year',
};

const giftDescriptions: Record<DonationFrequency, string> = {
  'one-time': 'One-time gift to Pilgrim Soul',
  monthly: 'Monthly gift to Pilgrim Soul',
  yearly: 'Yearly gift to Pilgrim Soul',
};

const idempotencyHeaders = z.object({
  'idempotency-key': z.string().min(8).max(200).optional(),
});

/** The payments service: served by this app under the spec's paths, so it could move to a process of its own. */
export const paymentRoutes =
  (service: PaymentsService): FastifyPluginAsyncZod =>
  async (app) => {
    getFixed(app, '/api/payments/config/', service.cardForm, {
      tags: ['payments'],
      summary: 'Which card form to show: the test-mode form, or Stripe with its publishable key',
      response: { 200: paymentsConfigResponse },
    });

    app.post(
      '/api/create-payment-intent',
      {
        config: { rateLimits: ['payments:intent'] },
        schema: {
          tags: ['payments'],
          summary: 'Start a donation: a payment intent, or a subscription for a monthly or yearly gift',
          description:
            'The amount arrives in pounds as the donor chose it (at most two decimals, from 1 to 10,000); inside the server every amount is whole pence. A repeated Idempotency-Key answers with the same intent.',
          headers: idempotencyHeaders,
          body: createPaymentIntentBody,
          response: {
            200: createPaymentIntentResponse,
            400: errorBody,
            409: errorBody,
            429: errorBody,
            503: errorBody,
          },
        },
      },
      async (request) => {
        const { amount, frequency, email } = request.body;
        const key = request.headers['idempotency-key'];
        const checkout = await service.createCheckout({
          purpose: 'donation',
          amountMinor: amount,
          currency: 'gbp',
          interval: intervals[frequency],
          email: email ?? null,
          description: giftDescriptions[frequency],
          ...(key ? { idempotencyKey: `donation:${key}` } : {}),
        });
        return { clientSecret: checkout.clientSecret!, type: checkout.kind, customerId: checkout.customerId };
      },
    );

    app.post(
      '/api/payments/test/confirm/',
      {
        config: { rateLimits: ['payments:test-card'] },
        schema: {
          tags: ['payments'],
          summary:
            'Test mode: pay with a well-known test card (4242 4242 4242 4242 succeeds); no card is charged',
          body: testCardBody,
          response: {
            200: testCardResponse,
            400: errorBody,
            402: errorBody,
            404: errorBody,
            409: errorBody,
            429: errorBody,
          },
        },
      },
      async (request) => service.confirmTestPayment(request.body),
    );

    // Stripe signs the exact bytes it sent, so this route alone reads its body raw.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
      raw.post(
        '/api/payments/stripe/webhook/',
        {
          schema: {
            tags: ['payments'],
            summary:
              'Stripe webhook: payments, subscription changes, refunds and failures, verified by signature',
            response: { 200: z.object({ received: z.literal(true) }), 400: errorBody, 404: errorBody },
          },
        },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          await service.receiveWebhook(
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            typeof signature === 'string' ? signature : undefined,
          );
          return { received: true as const };
        },
      );
    });
  };
