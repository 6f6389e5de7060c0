import { describe, expect, it } from 'vitest';
import { poundsToPence } from '#contract/donation-terms.ts';
import { typedPounds } from './typed-amount.ts';

describe('typedPounds', () => {
  it.each([
    ['25', '25'],
    ['£25', '25'],
    [' £ 12.50 ', '12.50'],
    ['12,50', '12.50'],
    ['12,5', '12.5'],
    ['1,000', '1000'],
    ['1,000.50', '1000.50'],
    ['10,000', '10000'],
  ])('reads %j as %j', (typed, pounds) => {
    expect(typedPounds(typed)).toBe(pounds);
  });

  it('leaves what is not an amount for the terms to refuse, in their words', () => {
    for (const typed of ['', 'abc', '12,5,0', '1,00,0', '-5']) {
      expect(poundsToPence(typedPounds(typed))).toHaveProperty('error');
    }
  });

  it('gives the pence the donor meant', () => {
    expect(poundsToPence(typedPounds('12,50'))).toEqual({ pence: 1250 });
    expect(poundsToPence(typedPounds('£1,000'))).toEqual({ pence: 100_000 });
  });
});
