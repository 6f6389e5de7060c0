import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '#server/db/columns.ts';

/** A merchandise order: what was bought at the server's price, where it ships, and whether it is paid. */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: idColumn(),
    productId: text('product_id').notNull(),
    size: text('size'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    checkoutId: uuid('checkout_id'),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [index('store_orders_created_idx').on(table.createdAt)],
);
