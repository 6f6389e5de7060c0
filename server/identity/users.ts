import { eq, sql } from 'drizzle-orm';
import { findRow, updateById } from '#server/db/rows.ts';
import type { DbOrTx } from '../db/client.ts';
import { users } from './tables.ts';

/** The one place accounts are read and written: sign-up and sign-in, the profile, the admin role. */
export type UserRow = typeof users.$inferSelect;

/** What a pilgrim may change on their own profile. */
export type UserDetails = Partial<
  Pick<
    UserRow,
    | 'firstName'
    | 'nationality'
    | 'bio'
    | 'vibe'
    | 'vibeConsentAt'
    | 'caminoStartDate'
    | 'caminoDuration'
    | 'reminderEmails'
    | 'timeZone'
    | 'avatarKey'
  >
>;

export const findUserById = (db: DbOrTx, id: string) => findRow(db, users, eq(users.id, id));

const emailIs = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

export const findUserByEmail = (db: DbOrTx, email: string) => findRow(db, users, emailIs(email));

export const usernameExists = async (db: DbOrTx, username: string) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return Boolean(row);
};

/** Null when the email or username is already taken (the unique indexes decide, even under a race). */
export const insertUser = async (
  db: DbOrTx,
  values: { email: string; username: string; passwordHash: string; nationality: string | null },
) => {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
};

export const updateUserDetails = (db: DbOrTx, id: string, details: UserDetails) =>
  updateById(db, users, id, details);

export const updatePasswordHash = (db: DbOrTx, id: string, passwordHash: string) =>
  db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));

/** The role decides admin access; it is read on every admin request, never trusted from a token. */
export const findRole = async (db: DbOrTx, id: string) => {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1);
  return row?.role ?? null;
};

export const setRoleByEmail = async (db: DbOrTx, email: string, role: UserRow['role']) => {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(emailIs(email))
    .returning({ email: users.email, username: users.username, role: users.role });
  return row ?? null;
};

/** Erases the account; the database removes every row that references it, sessions included. */
export const deleteUser = (db: DbOrTx, id: string) => db.delete(users).where(eq(users.id, id));
