import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { AdminOrder } from '#contract/admin.ts';
import { snakeCased } from '#contract/snake-case.ts';
import type { CreatedOrder, OrderSummary } from '#contract/store.ts';
import { storeOrders } from './tables.ts';

const order = createSelectSchema(storeOrders).shape;

/** An order as its buyer sees it: what was bought, its price and whether it is paid; checked against the contract the store page reads. */
export const orderSummary = z.object({
  id: order.id,
  reference: z.string(),
  productId: order.productId,
  title: z.string(),
  size: order.size,
  quantity: order.quantity,
  unitPriceCents: order.unitPriceCents,
  totalCents: order.totalCents,
  currency: order.currency,
  status: order.status,
}) satisfies z.ZodType<OrderSummary>;

export const createdOrder = z.object({
  order: orderSummary,
  clientSecret: z.string(),
}) satisfies z.ZodType<CreatedOrder>;

/** A store order with where it ships, as the admin console lists it; checked against the contract the console reads. */
export const adminOrder = z.object({
  ...snakeCased(orderSummary.shape),
  name: order.name,
  email: order.email,
  address: z.object({
    line1: order.addressLine1,
    line2: order.addressLine2,
    city: order.city,
    postal_code: order.postalCode,
    country: order.country,
  }),
  created_at: z.string(),
  paid_at: z.string().nullable(),
}) satisfies z.ZodType<AdminOrder>;
