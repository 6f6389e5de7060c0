import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumns } from '#server/db/columns.ts';

/** Every account; written only through this folder (users.ts), read by the features that join it. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    nationality: text('nationality'),
    bio: text('bio').notNull().default(''),
    avatarKey: text('avatar_key'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    vibe: text('vibe'),
    /** When the pilgrim consented to keeping their worldview (GDPR art. 9); null when none was recorded. */
    vibeConsentAt: timestamp('vibe_consent_at', { withTimezone: true }),
    caminoStartDate: date('camino_start_date'),
    caminoDuration: integer('camino_duration'),
    reminderEmails: boolean('reminder_emails').notNull().default(true),
    timeZone: text('time_zone').notNull().default('UTC'),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${table.username})`),
  ],
);

/** The pilgrim a row belongs to; the row goes when the account is deleted. */
export const userIdColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The key of a row that belongs to one account, and that account: the opening of every such table. */
export const userRowColumns = () => ({ id: idColumn(), userId: userIdColumn() });

/**
 * One row per sign-in. Access tokens carry its id (`sid`) and the auth guard checks it is live, so
 * revoking the row (logout, a reused refresh token, a password reset) or deleting the account ends
 * the access tokens too. Its refresh tokens are the family that rotates within it.
 */
export const sessions = pgTable(
  'sessions',
  {
    ...userRowColumns(),
    createdAt: createdAtColumn(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);
