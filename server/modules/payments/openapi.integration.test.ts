import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe(`giving in the OpenAPI document on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('documents the payment, gift and store endpoints, with the amount in pounds', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    for (const path of [
      '/api/create-payment-intent',
      '/api/payments/config/',
      '/api/payments/test/confirm/',
      '/api/payments/stripe/webhook/',
      '/api/donations/manage/{token}/',
      '/api/donations/manage/{token}/cancel/',
      '/api/store/products/',
      '/api/store/orders/',
    ])
      expect(Object.keys(document.paths)).toContain(path);
    const intent = document.paths['/api/create-payment-intent'].post;
    expect(intent.description).toContain('whole pence');
    const body = intent.requestBody.content['application/json'].schema;
    expect(body.properties.amount.description).toContain('Pounds');
    expect(body.properties.frequency.enum).toEqual(['one-time', 'monthly', 'yearly']);
  });
});
