import { describe, expect, it } from 'vitest';
import { formatPounds, poundsToPence, rewardFor } from './donation-terms.ts';
import { createPaymentIntentBody } from './donations.ts';

describe('donation amounts', () => {
  it.each([
    [15, 1500],
    [12.5, 1250],
    ['12.50', 1250],
    [0.1 + 0.2 + 0.7, 100],
    [10_000, 1_000_000],
    [1, 100],
  ])('reads %j pounds as %i pence', (pounds, pence) => {
    expect(poundsToPence(pounds)).toEqual({ pence });
  });

  it.each([
    [-5, 'Please choose an amount between £1 and £10,000.'],
    [0.99, 'Please choose an amount between £1 and £10,000.'],
    [10_000.01, 'Please choose an amount between £1 and £10,000.'],
    [1e12, 'Please choose an amount between £1 and £10,000.'],
    [12.345, 'Amount can have at most two decimal places.'],
    ['12.3.4', 'Amount must be a number of pounds, such as 15 or 12.50.'],
    ['abc', 'Amount must be a number of pounds, such as 15 or 12.50.'],
    [Number.NaN, 'Amount must be a number of pounds, such as 15 or 12.50.'],
    [Number.POSITIVE_INFINITY, 'Amount must be a number of pounds, such as 15 or 12.50.'],
    [true, 'Amount must be a number of pounds, such as 15 or 12.50.'],
    ['', 'Please choose an amount.'],
  ])('refuses %j', (pounds, error) => {
    expect(poundsToPence(pounds)).toEqual({ error });
  });

  it('parses a request body to pence and names a bad field', () => {
    expect(createPaymentIntentBody.parse({ amount: 40, currency: 'gbp', frequency: 'yearly' })).toEqual({
      amount: 4000,
      currency: 'gbp',
      frequency: 'yearly',
    });
    const bad = createPaymentIntentBody.safeParse({ amount: 5, currency: 'eur', frequency: 'monthly' });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['currency'],
      message: 'Donations are taken in GBP (gbp) only.',
    });
  });

  it('formats pence as the pounds people chose', () => {
    expect(formatPounds(1500)).toBe('£15');
    expect(formatPounds(1250)).toBe('£12.50');
  });
});

describe('supporter rewards', () => {
  it.each([
    ['monthly', 500, 'Stickers'],
    ['monthly', 999, 'Stickers'],
    ['monthly', 1000, 'Tote bag'],
    ['monthly', 1500, 'Laptop and phone camera covers'],
    ['monthly', 2000, 'T-shirt'],
    ['monthly', 10_000, 'Full pack'],
    ['monthly', 400, null],
    ['yearly', 18_000, 'Laptop and phone camera covers'],
    ['yearly', 6000, 'Stickers'],
    ['yearly', 5900, null],
    ['one-time', 100_000, null],
  ] as const)('a %s gift of %i pence earns %s', (frequency, pence, reward) => {
    expect(rewardFor(frequency, pence)).toBe(reward);
  });
});
