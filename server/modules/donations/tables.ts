import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumns } from '#server/db/columns.ts';

/** A donor's gift: one-time, or a monthly or yearly subscription with its own state. */
export const gifts = pgTable(
  'gifts',
  {
    id: idColumn(),
    checkoutId: uuid('checkout_id').notNull().unique(),
    provider: text('provider').notNull(),
    frequency: text('frequency', { enum: ['one-time', 'monthly', 'yearly'] }).notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    email: text('email'),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id').unique(),
    status: text('status', {
      enum: ['pending', 'active', 'completed', 'past_due', 'canceled', 'failed', 'refunded'],
    }).notNull(),
    createdAt: createdAtColumn(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (table) => [index('gifts_created_idx').on(table.createdAt)],
);

/** Each payment of a gift as the provider reported it: the record of giving. */
export const donationPayments = pgTable(
  'donation_payments',
  {
    id: idColumn(),
    giftId: uuid('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    intentId: text('intent_id'),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['succeeded', 'failed', 'refunded'] }).notNull(),
    failureReason: text('failure_reason'),
    amountRefundedPence: integer('amount_refunded_pence').notNull().default(0),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    index('donation_payments_gift_idx').on(table.giftId),
    index('donation_payments_intent_idx').on(table.intentId),
  ],
);
