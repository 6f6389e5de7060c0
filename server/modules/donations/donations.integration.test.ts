import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { waitFor } from '#test/wait-for.ts';

describe(`giving in test mode on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const intent = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: body, headers });

  const pay = (clientSecret: string, cardNumber = '4242 4242 4242 4242') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm/',
      payload: { clientSecret, cardNumber, expiry: '12/40', cvc: '123' },
    });

  const receiptFor = (email: string) =>
    waitFor(
      async () => (await testApp.outbox()).filter((message) => message.to === email),
      (found) => found.length > 0,
    );

  const manageToken = (text: string) => /\/donations\/manage\/(\S+)/.exec(text)![1]!;

  it('tells the browser to show the test-mode card form', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/payments/config/' });
    expect(response.json()).toEqual({ provider: 'test', publishableKey: null });
  });

  it('records a one-time gift paid with the test card and emails a receipt with its link', async () => {
    const created = await intent({
      amount: 12.5,
      currency: 'gbp',
      frequency: 'one-time',
      email: 'Ana@Example.com',
    });
    expect(created.statusCode).toBe(200);
    const { clientSecret, type, customerId } = created.json();
    expect(type).toBe('payment');
    expect(customerId).toMatch(/^cus_test_/);
    expect((await pay(clientSecret)).json()).toEqual({ status: 'succeeded' });

    const donations = (await testApp.deps.services.donations.listDonations()).filter(
      (entry) => entry.email === 'ana@example.com',
    );
    expect(donations).toMatchObject([
      {
        amount_pence: 1250,
        currency: 'gbp',
        frequency: 'one-time',
        status: 'succeeded',
        gift_status: 'completed',
      },
    ]);
    const [receipt] = await receiptFor('ana@example.com');
    expect(receipt!.subject).toBe('Thank you for your gift to Pilgrim Soul');
    expect(receipt!.text).toContain('Amount: £12.50');
    const view = await testApp.app.inject({
      method: 'GET',
      url: `/api/donations/manage/${manageToken(receipt!.text)}/`,
    });
    expect(view.json()).toMatchObject({
      frequency: 'one-time',
      amountPence: 1250,
      status: 'completed',
      canCancel: false,
    });

    const again = await pay(clientSecret);
    expect(again.statusCode).toBe(409);
    expect(await testApp.deps.services.donations.listDonations()).toHaveLength(donations.length);
  });

  it('declines the test decline card, records the failure, then records a retry with a good card once', async () => {
    const { clientSecret } = (
      await intent({ amount: 10, currency: 'gbp', frequency: 'one-time', email: 'ben@example.com' })
    ).json();
    const declined = await pay(clientSecret, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ error: 'Your card was declined.', field: 'cardNumber' });
    const failed = (await testApp.deps.services.donations.listDonations()).filter(
      (entry) => entry.email === 'ben@example.com',
    );
    expect(failed).toMatchObject([
      { status: 'failed', gift_status: 'failed', failure_reason: 'Your card was declined.' },
    ]);

    expect((await pay(clientSecret)).statusCode).toBe(200);
    const paid = (await testApp.deps.services.donations.listDonations()).filter(
      (entry) => entry.email === 'ben@example.com',
    );
    expect(paid).toMatchObject([{ status: 'succeeded', gift_status: 'completed', amount_pence: 1000 }]);
  });

  it('refuses card details that are not a card', async () => {
    const { clientSecret } = (await intent({ amount: 5, currency: 'gbp', frequency: 'one-time' })).json();
    const badNumber = await pay(clientSecret, '4242 4242 4242 4241');
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json()).toMatchObject({ error: 'Your card number is invalid.', field: 'cardNumber' });
    const unknown = await pay(`${clientSecret}x`);
    expect(unknown.statusCode).toBe(400);
    const expired = await testApp.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm/',
      payload: { clientSecret, cardNumber: '4242424242424242', expiry: '01/20', cvc: '123' },
    });
    expect(expired.json()).toMatchObject({ error: 'Your card has expired.', field: 'expiry' });
  });

  it('keeps a monthly gift active with its reward, and cancels it from the receipt link', async () => {
    const created = (
      await intent({ amount: 15, currency: 'gbp', frequency: 'monthly', email: 'cara@example.com' })
    ).json();
    expect(created.type).toBe('subscription');
    await pay(created.clientSecret);
    const [receipt] = await receiptFor('cara@example.com');
    expect(receipt!.text).toContain('Your supporter reward: Laptop and phone camera covers');
    const token = manageToken(receipt!.text);
    const view = (await testApp.app.inject({ method: 'GET', url: `/api/donations/manage/${token}/` })).json();
    expect(view).toMatchObject({
      frequency: 'monthly',
      status: 'active',
      canCancel: true,
      portalAvailable: false,
    });

    const canceled = await testApp.app.inject({
      method: 'POST',
      url: `/api/donations/manage/${token}/cancel/`,
    });
    expect(canceled.json()).toMatchObject({ status: 'canceled', canCancel: false });
    expect(canceled.json().canceledAt).toBeTruthy();
    const twice = await testApp.app.inject({ method: 'POST', url: `/api/donations/manage/${token}/cancel/` });
    expect(twice.json()).toMatchObject({ status: 'canceled' });
  });

  it('counts a yearly gift as a twelfth for the reward', async () => {
    const created = (
      await intent({ amount: 240, currency: 'gbp', frequency: 'yearly', email: 'dan@example.com' })
    ).json();
    await pay(created.clientSecret);
    const [receipt] = await receiptFor('dan@example.com');
    expect(receipt!.text).toContain('Frequency: Yearly');
    expect(receipt!.text).toContain('Your supporter reward: T-shirt');
  });

  it('refuses a forged or unknown manage link', async () => {
    const forged = await testApp.app.inject({
      method: 'GET',
      url: '/api/donations/manage/00000000-0000-0000-0000-000000000000.forgedsignature/',
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error).toBe('This gift link is invalid or has expired.');
  });

  it.each([
    [{ amount: -5, currency: 'gbp', frequency: 'monthly' }, 'amount'],
    [{ amount: 0.5, currency: 'gbp', frequency: 'monthly' }, 'amount'],
    [{ amount: 12.345, currency: 'gbp', frequency: 'monthly' }, 'amount'],
    [{ amount: 1e9, currency: 'gbp', frequency: 'monthly' }, 'amount'],
    [{ amount: 'lots', currency: 'gbp', frequency: 'monthly' }, 'amount'],
    [{ amount: null, currency: 'gbp', frequency: 'monthly' }, 'amount'],
    [{ amount: 10, currency: 'usd', frequency: 'monthly' }, 'currency'],
    [{ amount: 10, currency: 'gbp', frequency: 'weekly' }, 'frequency'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const response = await intent(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('accepts an amount in pounds given as text, as the donor typed it', async () => {
    const response = await intent({ amount: '12.50', currency: 'gbp', frequency: 'one-time' });
    expect(response.statusCode).toBe(200);
  });

  it('answers a repeated idempotency key with the same intent, and refuses it for another amount', async () => {
    const headers = { 'idempotency-key': 'dialog-123456' };
    const first = (await intent({ amount: 20, currency: 'gbp', frequency: 'monthly' }, headers)).json();
    const second = (await intent({ amount: 20, currency: 'gbp', frequency: 'monthly' }, headers)).json();
    expect(second.clientSecret).toBe(first.clientSecret);
    const changed = await intent({ amount: 40, currency: 'gbp', frequency: 'monthly' }, headers);
    expect(changed.statusCode).toBe(409);
  });

  it('has no webhook endpoint in test mode', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook/',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('prices a T-shirt order on the server, pays it, confirms it by email and never counts it as a gift', async () => {
    const donationsBefore = (await testApp.deps.services.donations.listDonations()).length;
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/store/orders/',
      payload: {
        productId: 'tee-shirt',
        size: 'M',
        quantity: 2,
        priceCents: 1,
        name: 'Eva Peregrina',
        email: 'eva@example.com',
        address: {
          line1: 'Rúa do Franco 1',
          city: 'Santiago de Compostela',
          postalCode: '15705',
          country: 'Spain',
        },
      },
    });
    expect(created.statusCode).toBe(201);
    const { order, clientSecret } = created.json();
    expect(order).toMatchObject({
      title: 'Tee-shirt',
      size: 'M',
      quantity: 2,
      totalCents: 4000,
      currency: 'usd',
      status: 'pending',
    });
    expect((await pay(clientSecret)).statusCode).toBe(200);

    const confirmation = (await receiptFor('eva@example.com'))[0]!;
    expect(confirmation.subject).toContain(order.reference);
    expect(confirmation.text).toContain('2 × Tee-shirt (size M)');
    expect(confirmation.text).toContain('Total paid: $40.00');
    const stored = (await testApp.deps.services.store.listOrders()).find((entry) => entry.id === order.id);
    expect(stored).toMatchObject({ status: 'paid', total_cents: 4000 });
    expect(
      (await testApp.app.inject({ method: 'GET', url: `/api/store/orders/${order.id}/` })).json().status,
    ).toBe('paid');
    expect(await testApp.deps.services.donations.listDonations()).toHaveLength(donationsBefore);
  });

  it.each([
    [{ productId: 'tee-shirt', quantity: 1 }, 'size', 'Please choose a size.'],
    [{ productId: 'tote-bag', quantity: 1, size: 'M' }, 'size', 'This item comes in one size.'],
    [{ productId: 'tote-bag', quantity: 0 }, 'quantity', 'Quantity must be a whole number from 1 to 10.'],
    [{ productId: 'mug', quantity: 1 }, 'productId', 'Please choose a product.'],
  ])('refuses the order %j naming %s', async (fields, field, error) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/store/orders/',
      payload: {
        name: 'Eva',
        email: 'eva@example.com',
        address: { line1: 'Rúa 1', city: 'Santiago', postalCode: '15705', country: 'Spain' },
        ...fields,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, error });
  });

  it('lists the three products with the spec’s prices', async () => {
    const products = (await testApp.app.inject({ method: 'GET', url: '/api/store/products/' })).json();
    expect(
      products.map((product: { title: string; price: string }) => `${product.title} ${product.price}`),
    ).toEqual(['Tee-shirt $20', 'Tote Bag $10.00', 'Laptop & Phone Cam Covers $8.50']);
  });
});
