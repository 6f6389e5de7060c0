import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { CommunityRequestItem } from '#contract/community.ts';
import type { ContactMessageItem } from '#contract/contact.ts';
import { snakeCased } from '#contract/snake-case.ts';
import { communityRequests, contactMessages } from './tables.ts';

/** The admin console's view of a message: every column but the bookkeeping of its emails; checked against the contract the console reads. */
export const contactMessageItem = z
  .object(snakeCased(createSelectSchema(contactMessages).omit({ emailedAt: true, createdAt: true }).shape))
  .extend({ created_at: z.string() }) satisfies z.ZodType<ContactMessageItem>;

export const communityRequestItem = z
  .object(snakeCased(createSelectSchema(communityRequests).omit({ emailedAt: true, createdAt: true }).shape))
  .extend({ created_at: z.string() }) satisfies z.ZodType<CommunityRequestItem>;
