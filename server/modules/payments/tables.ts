import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumns } from '#server/db/columns.ts';

/** One attempt to pay: what was asked for, and the provider's intent or subscription that carries it. */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    id: idColumn(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    purpose: text('purpose', { enum: ['donation', 'order'] }).notNull(),
    reference: text('reference'),
    kind: text('kind', { enum: ['payment', 'subscription'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval', { enum: ['month', 'year'] }),
    email: text('email'),
    description: text('description').notNull(),
    idempotencyKey: text('idempotency_key').unique(),
    customerId: text('customer_id'),
    intentId: text('intent_id').unique(),
    subscriptionId: text('subscription_id').unique(),
    clientSecret: text('client_secret'),
    status: text('status', { enum: ['creating', 'open', 'succeeded', 'failed', 'canceled'] })
      .notNull()
      .default('creating'),
    ...timestampColumns(),
  },
  (table) => [index('payment_checkouts_created_idx').on(table.createdAt)],
);

/** Every provider event handled, so a redelivered webhook is recorded once. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe prices for an amount and interval, created once and reused. */
export const paymentPrices = pgTable('payment_prices', {
  lookupKey: text('lookup_key').primaryKey(),
  priceId: text('price_id').notNull(),
  createdAt: createdAtColumn(),
});
