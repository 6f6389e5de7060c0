import { z } from 'zod';
import { emailField } from './common.ts';
import { donationCurrency, donationFrequencies, donationMessages, poundsToPence } from './donation-terms.ts';

const amountField = z.unknown().transform((value, context) => {
  const result = poundsToPence(value);
  if ('error' in result) {
    context.addIssue({ code: 'custom', message: result.error });
    return z.NEVER;
  }
  return result.pence;
});

/** POST /api/create-payment-intent; the amount arrives in pounds and becomes whole pence. */
export const createPaymentIntentBody = z.object({
  amount: amountField.meta({
    description:
      'Pounds as the donor chose them (e.g. 15 or 12.50): at least 1, at most 10,000, at most two decimals. The server works in whole pence.',
  }),
  currency: z.literal(donationCurrency, { error: donationMessages.currency }),
  frequency: z.enum(donationFrequencies, { error: donationMessages.frequency }),
  email: emailField.optional().meta({ description: 'Where the receipt and the manage link are sent.' }),
});
export type CreatePaymentIntentInput = z.input<typeof createPaymentIntentBody>;

export const createPaymentIntentResponse = z.object({
  clientSecret: z.string(),
  type: z.enum(['payment', 'subscription']),
  customerId: z.string().nullable(),
});
export type CreatePaymentIntentResult = z.infer<typeof createPaymentIntentResponse>;

export const giftStatuses = [
  'pending',
  'active',
  'completed',
  'past_due',
  'canceled',
  'failed',
  'refunded',
] as const;
export type GiftStatus = (typeof giftStatuses)[number];

export const manageTokenParams = z.object({ token: z.string().min(10).max(300) });

export const giftView = z.object({
  frequency: z.enum(donationFrequencies),
  amountPence: z.number().int(),
  currency: z.string(),
  status: z.enum(giftStatuses),
  email: z.string().nullable(),
  reward: z.string().nullable(),
  createdAt: z.string(),
  canceledAt: z.string().nullable(),
  canCancel: z.boolean(),
  portalAvailable: z.boolean(),
  payments: z.array(z.object({ amountPence: z.number().int(), status: z.string(), createdAt: z.string() })),
});
export type GiftView = z.infer<typeof giftView>;

export const portalResponse = z.object({ url: z.string() });
