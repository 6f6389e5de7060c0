import { z } from 'zod';
import { communityRequestKinds } from './community.ts';
import { contactKinds } from './contact.ts';
import { snakeCased } from './snake-case.ts';
import { orderSummary } from './store.ts';

export const adminMessages = {
  loadFailed: 'Could not load this section. Please try again.',
  saved: 'Saved',
  published: 'Published',
  unpublished: 'Moved back to drafts',
  coverUploaded: 'Cover image uploaded',
  saveFailed: 'Could not save. Please try again.',
  coverMissing: 'Choose an image to upload as the cover',
  coverTooLarge: 'The cover image must be at most 10 MB.',
  coverIncomplete: 'The cover image did not finish uploading. Please try again.',
  exportFailed: 'Could not export. Please try again.',
} as const;

export const adminMe = z.object({ email: z.string(), username: z.string() });

export const handledBody = z.object({ handled: z.boolean({ error: 'handled must be true or false' }) });

export const messageKindQuery = z.object({ kind: z.enum(contactKinds).optional() });
export const requestKindQuery = z.object({ kind: z.enum(communityRequestKinds).optional() });

/** Where the admin console lives in the browser; each section is a sub-path of /admin. */
export const adminSections = [
  { path: 'posts', label: 'Posts' },
  { path: 'inbox', label: 'Inbox' },
  { path: 'requests', label: 'Join & volunteer' },
  { path: 'subscribers', label: 'Subscribers' },
  { path: 'giving', label: 'Donations & orders' },
  { path: 'survey', label: 'Survey results' },
] as const;

/** A payment of a gift, read-only in the console. */
const adminDonation = z.object({
  id: z.string(),
  gift_id: z.string(),
  email: z.string().nullable(),
  frequency: z.string(),
  amount_pence: z.number().int(),
  currency: z.string(),
  status: z.string(),
  failure_reason: z.string().nullable(),
  gift_status: z.string(),
  provider: z.string(),
  created_at: z.string(),
});
export type AdminDonation = z.infer<typeof adminDonation>;

/** A store order with where it ships, read-only in the console: the buyer's summary in snake_case, and more. */
const adminOrder = z.object({
  ...snakeCased(orderSummary.shape),
  name: z.string(),
  email: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    postal_code: z.string(),
    country: z.string(),
  }),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrder>;
