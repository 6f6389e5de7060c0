import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { AdminOrder } from '#contract/admin.ts';
import { storeOrders } from './tables.ts';

const order = createSelectSchema(storeOrders).shape;

/** A store order with where it ships, as the admin console lists it; checked against the contract the console reads. */
export const adminOrder = z.object({
  id: order.id,
  reference: z.string(),
  product_id: order.productId,
  title: z.string(),
  size: order.size,
  quantity: order.quantity,
  unit_price_cents: order.unitPriceCents,
  total_cents: order.totalCents,
  currency: order.currency,
  status: order.status,
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
