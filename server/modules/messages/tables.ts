import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '#server/db/columns.ts';

/** Messages from the simple contact form and the /inquire form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: idColumn(),
    kind: text('kind', { enum: ['contact', 'inquiry'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    inquiryTypes: text('inquiry_types').array().notNull().default([]),
    handled: boolean('handled').notNull().default(false),
    /** Set once the team email and the acknowledgement went out, so a retried job sends nothing twice. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);

/** Join-us and volunteer requests; `interest` holds the audience (join) or the area of interest (volunteer). */
export const communityRequests = pgTable(
  'community_requests',
  {
    id: idColumn(),
    kind: text('kind', { enum: ['join', 'volunteer'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    interest: text('interest').notNull(),
    message: text('message').notNull().default(''),
    handled: boolean('handled').notNull().default(false),
    /** Set once the acknowledgement went out, so a retried job sends nothing twice. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [index('community_requests_kind_created_idx').on(table.kind, table.createdAt)],
);
