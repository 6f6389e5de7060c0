import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { Subscriber } from '#contract/newsletter.ts';
import { newsletterSubscribers } from './tables.ts';

const row = createSelectSchema(newsletterSubscribers).shape;

/** A subscriber as the admin console lists it, without the token; checked against the contract the console reads. */
export const subscriber = z.object({
  id: row.id,
  email: row.email,
  status: row.status,
  subscribed_at: z.string(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
}) satisfies z.ZodType<Subscriber>;
