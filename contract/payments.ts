import { z } from 'zod';

/** The spec's payment messages, shown by every payment form. */
export const paymentMessages = {
  setupFailed: 'Failed to set up payment. Please try again.',
  failedTitle: 'Payment failed',
  failedFallback: 'An error occurred during payment',
  testMode: 'Test mode: no card is charged',
  cardNumberRequired: 'Card number is required',
  cardNumberInvalid: 'Your card number is invalid.',
  expiryInvalid: 'Enter the expiry date as MM/YY',
  expired: 'Your card has expired.',
  cvcInvalid: 'Your card’s security code is invalid.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  unknownIntent: 'This payment is no longer available. Please start again.',
  alreadyPaid: 'This payment has already been made.',
} as const;

export const paymentProviders = ['test', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** What the browser needs to show the right card form: never a secret. */
export const paymentsConfigResponse = z.object({
  provider: z.enum(paymentProviders),
  publishableKey: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigResponse>;

/** The test-mode card form: the well-known test card numbers, checked by the server. */
export const testCardBody = z.object({
  clientSecret: z.string().min(1).max(300),
  cardNumber: z
    .string({ error: paymentMessages.cardNumberRequired })
    .max(40, paymentMessages.cardNumberInvalid)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, paymentMessages.cardNumberRequired)
        .regex(/^\d{12,19}$/, paymentMessages.cardNumberInvalid),
    ),
  expiry: z
    .string({ error: paymentMessages.expiryInvalid })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, paymentMessages.expiryInvalid),
  cvc: z
    .string({ error: paymentMessages.cvcInvalid })
    .trim()
    .regex(/^\d{3,4}$/, paymentMessages.cvcInvalid),
});
export type TestCard = z.input<typeof testCardBody>;

export const testCardResponse = z.object({ status: z.literal('succeeded') });
