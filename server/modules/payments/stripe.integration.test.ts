import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '#test/fake-stripe.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { waitFor } from '#test/wait-for.ts';

const webhookSecret = 'whsec_test_secret_for_signing';
const signer = new Stripe('sk_test_signer');

let eventCounter = 0;
const stripeEvent = (type: string, object: Record<string, unknown>) => ({
  id: `evt_${Date.now()}_${++eventCounter}`,
  object: 'event',
  api_version: '2026-10-28.endive',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
  data: { object },
});

describe(`Stripe payments against a local Stripe on ${process.env.TEST_DB}`, () => {
  let fake: FakeStripe;
  let testApp: TestApp;
  let webDir: string;

  beforeAll(async () => {
    fake = await startFakeStripe();
    webDir = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-web-'));
    await writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Pilgrim Soul</title><div id="root"></div>',
    );
    testApp = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: fake.url,
      WEB_DIST_DIR: webDir,
    });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const intent = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: body, headers });

  const deliver = (event: object, secret = webhookSecret) => {
    const payload = JSON.stringify(event);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook/',
      payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
      },
    });
  };

  const donationsOf = async (email: string) =>
    (await testApp.deps.services.donations.listDonations()).filter((entry) => entry.email === email);
  const mailTo = async (email: string) => (await testApp.outbox()).filter((message) => message.to === email);

  const paidIntent = (intentId: string, amount: number, currency = 'gbp') =>
    stripeEvent('payment_intent.succeeded', {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency,
      status: 'succeeded',
      metadata: {},
    });

  const paidInvoice = (subscriptionId: string, amount: number, intentId: string) =>
    stripeEvent('invoice.paid', {
      id: `in_${eventCounter}_${subscriptionId.slice(-6)}`,
      object: 'invoice',
      amount_paid: amount,
      amount_due: amount,
      currency: 'gbp',
      billing_reason: 'subscription_create',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      payments: {
        object: 'list',
        data: [{ object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: intentId } }],
      },
    });

  const subscriptionOf = (customerId: string) =>
    fake.calls('POST', '/v1/subscriptions').find((call) => call.params.get('customer') === customerId)!;

  it('offers the Stripe card form with the configured publishable key', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/payments/config/' });
    expect(response.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_local' });
  });

  it('lets Stripe.js load on the donate and order pages only', async () => {
    for (const page of ['/donate', '/store/order']) {
      const policy = String(
        (await testApp.app.inject({ method: 'GET', url: page })).headers['content-security-policy'],
      );
      expect(policy).toContain("script-src 'self' https://js.stripe.com");
      expect(policy).toContain('frame-src');
      expect(policy).toContain('https://api.stripe.com');
    }
    const elsewhere = String(
      (await testApp.app.inject({ method: 'GET', url: '/faq' })).headers['content-security-policy'],
    );
    expect(elsewhere).not.toContain('stripe');
  });

  it('creates a PaymentIntent in pence for a one-time gift and records it once from its webhook', async () => {
    const created = await intent({
      amount: 12.5,
      currency: 'gbp',
      frequency: 'one-time',
      email: 'ana@example.com',
    });
    expect(created.statusCode).toBe(200);
    const { clientSecret, type, customerId } = created.json();
    expect(type).toBe('payment');
    expect(customerId).toMatch(/^cus_/);
    const [call] = fake.calls('POST', '/v1/payment_intents').slice(-1);
    expect(call!.params.get('amount')).toBe('1250');
    expect(call!.params.get('currency')).toBe('gbp');
    expect(call!.params.get('customer')).toBe(customerId);
    expect(call!.idempotencyKey).toMatch(/-payment-intent$/);
    expect(
      fake.requests.filter((request) => request.method === 'POST').every((request) => request.idempotencyKey),
    ).toBe(true);
    expect(await donationsOf('ana@example.com')).toEqual([]);

    const intentId = clientSecret.split('_secret_')[0];
    const event = paidIntent(intentId, 1250);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).json()).toEqual({ received: true });
    expect(await donationsOf('ana@example.com')).toMatchObject([
      {
        amount_pence: 1250,
        status: 'succeeded',
        frequency: 'one-time',
        gift_status: 'completed',
        provider: 'stripe',
      },
    ]);
    const receipts = await waitFor(
      () => mailTo('ana@example.com'),
      (found) => found.length > 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailTo('ana@example.com')).toHaveLength(receipts.length);
    expect(receipts).toHaveLength(1);
  });

  it('creates a customer and an incomplete subscription for a monthly gift, reusing its price', async () => {
    const first = (
      await intent({ amount: 20, currency: 'gbp', frequency: 'monthly', email: 'ben@example.com' })
    ).json();
    const second = (
      await intent({ amount: 20, currency: 'gbp', frequency: 'monthly', email: 'bea@example.com' })
    ).json();
    expect(first.type).toBe('subscription');
    expect(first.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(second.clientSecret).not.toBe(first.clientSecret);
    const priceCreates = fake
      .calls('POST', '/v1/prices')
      .filter((call) => call.params.get('unit_amount') === '2000');
    expect(priceCreates).toHaveLength(1);
    expect(priceCreates[0]!.params.get('recurring[interval]')).toBe('month');
    expect(priceCreates[0]!.params.get('currency')).toBe('gbp');
    const subscription = subscriptionOf(first.customerId);
    expect(subscription.params.get('payment_behavior')).toBe('default_incomplete');
    expect(subscription.params.get('payment_settings[save_default_payment_method]')).toBe('on_subscription');
    expect(subscription.params.get('expand[0]')).toBe('latest_invoice.confirmation_secret');
    expect(subscription.params.get('items[0][price]')).toBe(
      subscriptionOf(second.customerId).params.get('items[0][price]'),
    );
  });

  it('records a monthly gift from its paid invoice once, ignoring the invoice’s own payment intent, and cancels it from the receipt link', async () => {
    const created = (
      await intent({ amount: 15, currency: 'gbp', frequency: 'monthly', email: 'cara@example.com' })
    ).json();
    const intentId = created.clientSecret.split('_secret_')[0];
    const subscription = String(subscriptionOf(created.customerId).response!.id);

    const invoice = paidInvoice(subscription, 1500, intentId);
    await deliver(invoice);
    await deliver(invoice);
    await deliver(paidIntent(intentId, 1500));
    await deliver(
      stripeEvent('customer.subscription.updated', {
        id: subscription,
        object: 'subscription',
        status: 'active',
      }),
    );
    expect(await donationsOf('cara@example.com')).toMatchObject([
      { amount_pence: 1500, status: 'succeeded', frequency: 'monthly', gift_status: 'active' },
    ]);
    const [receipt] = await waitFor(
      () => mailTo('cara@example.com'),
      (found) => found.length > 0,
    );
    expect(receipt!.text).toContain('Your supporter reward: Laptop and phone camera covers');
    const token = /\/donations\/manage\/(\S+)/.exec(receipt!.text)![1]!;

    const view = (await testApp.app.inject({ method: 'GET', url: `/api/donations/manage/${token}/` })).json();
    expect(view).toMatchObject({ status: 'active', canCancel: true, portalAvailable: true });
    const portal = await testApp.app.inject({
      method: 'POST',
      url: `/api/donations/manage/${token}/portal/`,
    });
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(fake.calls('POST', '/v1/billing_portal/sessions').at(-1)!.params.get('customer')).toBe(
      created.customerId,
    );

    const canceled = await testApp.app.inject({
      method: 'POST',
      url: `/api/donations/manage/${token}/cancel/`,
    });
    expect(canceled.json()).toMatchObject({ status: 'canceled', canCancel: false });
    expect(fake.calls('DELETE', `/v1/subscriptions/${subscription}`)).toHaveLength(1);
    await deliver(
      stripeEvent('customer.subscription.deleted', {
        id: subscription,
        object: 'subscription',
        status: 'canceled',
      }),
    );
    await deliver(paidInvoice(subscription, 1500, 'pi_late_renewal'));
    expect(
      (await testApp.app.inject({ method: 'GET', url: `/api/donations/manage/${token}/` })).json().status,
    ).toBe('canceled');
  });

  it('creates a yearly subscription on a yearly price', async () => {
    const created = (await intent({ amount: 120, currency: 'gbp', frequency: 'yearly' })).json();
    expect(created.type).toBe('subscription');
    const price = fake.calls('POST', '/v1/prices').find((call) => call.params.get('unit_amount') === '12000');
    expect(price!.params.get('recurring[interval]')).toBe('year');
    expect(subscriptionOf(created.customerId).params.get('items[0][price]')).toBeTruthy();
  });

  it('makes a new intent when the amount changes, and the same one for a retried request', async () => {
    const ten = (
      await intent(
        { amount: 10, currency: 'gbp', frequency: 'one-time' },
        { 'idempotency-key': 'dialog-a-10' },
      )
    ).json();
    const twenty = (
      await intent(
        { amount: 20, currency: 'gbp', frequency: 'one-time' },
        { 'idempotency-key': 'dialog-a-20' },
      )
    ).json();
    expect(twenty.clientSecret).not.toBe(ten.clientSecret);
    const intentsBefore = fake.calls('POST', '/v1/payment_intents').length;
    const retried = (
      await intent(
        { amount: 20, currency: 'gbp', frequency: 'one-time' },
        { 'idempotency-key': 'dialog-a-20' },
      )
    ).json();
    expect(retried.clientSecret).toBe(twenty.clientSecret);
    expect(fake.calls('POST', '/v1/payment_intents')).toHaveLength(intentsBefore);
  });

  it('retries through Stripe’s own idempotency after a failure, creating nothing twice', async () => {
    fake.failNext(3);
    const failed = await intent(
      { amount: 7, currency: 'gbp', frequency: 'one-time' },
      { 'idempotency-key': 'dialog-b-7' },
    );
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toBe('Failed to set up payment. Please try again.');
    const customersBefore = fake.calls('POST', '/v1/customers').length;
    const retried = await intent(
      { amount: 7, currency: 'gbp', frequency: 'one-time' },
      { 'idempotency-key': 'dialog-b-7' },
    );
    expect(retried.statusCode).toBe(200);
    const keys = fake
      .calls('POST', '/v1/customers')
      .slice(customersBefore)
      .map((call) => call.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('records one gift when the same webhook arrives twice at the same moment', async () => {
    const created = (
      await intent({ amount: 11, currency: 'gbp', frequency: 'one-time', email: 'gil@example.com' })
    ).json();
    const event = paidIntent(created.clientSecret.split('_secret_')[0], 1100);
    const responses = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await donationsOf('gil@example.com')).toHaveLength(1);
  });

  it('refuses a webhook with a wrong or missing signature and records nothing', async () => {
    const created = (
      await intent({ amount: 9, currency: 'gbp', frequency: 'one-time', email: 'dan@example.com' })
    ).json();
    const event = paidIntent(created.clientSecret.split('_secret_')[0], 900);
    const wrong = await deliver(event, 'whsec_someone_else');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('The webhook signature does not match.');
    const missing = await testApp.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook/',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.statusCode).toBe(400);
    const tampered = await testApp.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook/',
      payload: JSON.stringify({ ...event, data: { object: { ...event.data.object, amount_received: 1 } } }),
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload: JSON.stringify(event),
          secret: webhookSecret,
        }),
      },
    });
    expect(tampered.statusCode).toBe(400);
    expect(await donationsOf('dan@example.com')).toEqual([]);
  });

  it('records a failed payment, then a refund of a paid one', async () => {
    const created = (
      await intent({ amount: 30, currency: 'gbp', frequency: 'one-time', email: 'eli@example.com' })
    ).json();
    const intentId = created.clientSecret.split('_secret_')[0];
    await deliver(
      stripeEvent('payment_intent.payment_failed', {
        id: intentId,
        object: 'payment_intent',
        amount: 3000,
        amount_received: 0,
        currency: 'gbp',
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      }),
    );
    expect(await donationsOf('eli@example.com')).toMatchObject([
      { status: 'failed', failure_reason: 'Your card was declined.' },
    ]);
    await deliver(paidIntent(intentId, 3000));
    await deliver(
      stripeEvent('charge.refunded', {
        id: 'ch_refunded_1',
        object: 'charge',
        amount: 3000,
        amount_refunded: 3000,
        refunded: true,
        payment_intent: intentId,
      }),
    );
    expect(await donationsOf('eli@example.com')).toMatchObject([
      { status: 'refunded', gift_status: 'refunded' },
    ]);
  });

  it('charges a store order in dollars from the server’s price and marks it paid from the webhook', async () => {
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/store/orders/',
      payload: {
        productId: 'cam-covers',
        quantity: 3,
        name: 'Fran',
        email: 'fran@example.com',
        address: { line1: '1 Camino Way', city: 'León', postalCode: '24001', country: 'Spain' },
      },
    });
    const { order, clientSecret } = created.json();
    const call = fake.calls('POST', '/v1/payment_intents').at(-1)!;
    expect(call.params.get('amount')).toBe('2550');
    expect(call.params.get('currency')).toBe('usd');
    await deliver(paidIntent(clientSecret.split('_secret_')[0], 2550, 'usd'));
    expect(
      (await testApp.deps.services.store.listOrders()).find((entry) => entry.id === order.id)?.status,
    ).toBe('paid');
    expect(await donationsOf('fran@example.com')).toEqual([]);
  });
});
