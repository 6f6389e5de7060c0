import { paymentMessages } from '#contract/payments.ts';

export type CardOutcome =
  | { ok: true }
  | { ok: false; kind: 'invalid'; field: 'cardNumber' | 'expiry' | 'cvc'; message: string }
  | { ok: false; kind: 'declined'; message: string };

const succeeding = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '6011111111111117',
]);

const declining: Record<string, string> = {
  '4000000000000002': paymentMessages.declined,
  '4000000000009995': paymentMessages.insufficientFunds,
  '4000000000009987': paymentMessages.declined,
  '4000000000000069': paymentMessages.expired,
  '4000000000000127': 'Your card’s security code is incorrect.',
};

export const nonTestCardMessage =
  'Your card was declined. Test mode accepts only test card numbers such as 4242 4242 4242 4242.';

export const passesLuhn = (digits: string) => {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

const isExpired = (expiry: string, now: Date) => {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  const lastMonth = new Date(Date.UTC(2000 + year!, month!, 1));
  return lastMonth.getTime() <= now.getTime();
};

/** Test mode's answer to a card, as Stripe's test mode answers its well-known numbers. */
export const testCardOutcome = (
  card: { cardNumber: string; expiry: string; cvc: string },
  now: Date,
): CardOutcome => {
  if (!passesLuhn(card.cardNumber))
    return { ok: false, kind: 'invalid', field: 'cardNumber', message: paymentMessages.cardNumberInvalid };
  if (isExpired(card.expiry, now))
    return { ok: false, kind: 'invalid', field: 'expiry', message: paymentMessages.expired };
  const cvcLength = card.cardNumber.startsWith('3') ? 4 : 3;
  if (card.cvc.length !== cvcLength)
    return { ok: false, kind: 'invalid', field: 'cvc', message: paymentMessages.cvcInvalid };
  if (succeeding.has(card.cardNumber)) return { ok: true };
  return { ok: false, kind: 'declined', message: declining[card.cardNumber] ?? nonTestCardMessage };
};
