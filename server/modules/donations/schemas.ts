import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { AdminDonation } from '#contract/admin.ts';
import { donationPayments, gifts } from './tables.ts';

const payment = createSelectSchema(donationPayments).shape;
const gift = createSelectSchema(gifts).shape;

/** A payment of a gift as the admin console lists it; checked against the contract the console reads. */
export const adminDonation = z.object({
  id: payment.id,
  gift_id: gift.id,
  email: gift.email,
  frequency: gift.frequency,
  amount_pence: payment.amountPence,
  currency: payment.currency,
  status: payment.status,
  failure_reason: payment.failureReason,
  gift_status: gift.status,
  provider: gift.provider,
  created_at: z.string(),
}) satisfies z.ZodType<AdminDonation>;
