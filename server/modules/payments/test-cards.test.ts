import { describe, expect, it } from 'vitest';
import { nonTestCardMessage, passesLuhn, testCardOutcome } from './test-cards.ts';

const now = new Date('2026-11-22T12:00:00Z');
const card = (cardNumber: string, expiry = '12/30', cvc = '123') => ({ cardNumber, expiry, cvc });

describe('test-mode cards', () => {
  it('accepts the well-known succeeding test cards', () => {
    expect(testCardOutcome(card('4242424242424242'), now)).toEqual({ ok: true });
    expect(testCardOutcome(card('5555555555554444'), now)).toEqual({ ok: true });
    expect(testCardOutcome(card('378282246310005', '12/30', '1234'), now)).toEqual({ ok: true });
  });

  it.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
    ['4000000000000069', 'Your card has expired.'],
    ['4111111111111111', nonTestCardMessage],
  ])('declines %s with “%s”', (number, message) => {
    expect(testCardOutcome(card(number), now)).toEqual({ ok: false, kind: 'declined', message });
  });

  it('refuses numbers, dates and codes that are not a card', () => {
    expect(testCardOutcome(card('4242424242424241'), now)).toMatchObject({
      kind: 'invalid',
      field: 'cardNumber',
    });
    expect(testCardOutcome(card('4242424242424242', '10/26'), now)).toMatchObject({
      kind: 'invalid',
      field: 'expiry',
    });
    expect(testCardOutcome(card('4242424242424242', '11/26'), now)).toEqual({ ok: true });
    expect(testCardOutcome(card('4242424242424242', '12/30', '12'), now)).toMatchObject({ field: 'cvc' });
    expect(testCardOutcome(card('378282246310005', '12/30', '123'), now)).toMatchObject({ field: 'cvc' });
  });

  it('checks the Luhn digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424243')).toBe(false);
  });
});
