import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResetTokens, refreshTokens, sessions, users } from './tables.ts';

export type UserRow = typeof users.$inferSelect;

export const findUserById = async (db: DbOrTx, id: string) => {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
};

export const findUserByEmail = async (db: DbOrTx, email: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
};

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

export const updateFirstName = async (db: DbOrTx, id: string, firstName: string) => {
  const [row] = await db
    .update(users)
    .set({ firstName, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
};

export const updatePasswordHash = (db: DbOrTx, id: string, passwordHash: string) =>
  db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));

/** A new sign-in; its id is the family of its refresh tokens and the `sid` of its access tokens. */
export const insertSession = async (db: DbOrTx, userId: string) => {
  const [row] = await db.insert(sessions).values({ userId }).returning({ id: sessions.id });
  return row!.id;
};

export const insertRefreshToken = (
  db: DbOrTx,
  values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
) => db.insert(refreshTokens).values(values);

export const findRefreshToken = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
};

/** Marks a live token used; false when another request used or revoked it first. */
export const consumeRefreshToken = async (db: DbOrTx, id: string) => {
  const updated = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.id, id),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: refreshTokens.id });
  return updated.length === 1;
};

/** Ends a session: its access tokens (through the guard) and its refresh tokens. */
export const revokeSession = async (db: DbOrTx, sessionId: string) => {
  const revokedAt = new Date();
  await db
    .update(sessions)
    .set({ revokedAt })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
};

/** Ends every session of an account. */
export const revokeAllForUser = async (db: DbOrTx, userId: string) => {
  const revokedAt = new Date();
  await db
    .update(sessions)
    .set({ revokedAt })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
};

export const insertResetToken = (
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date },
) => db.insert(passwordResetTokens).values(values);

export const findLiveResetToken = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
};

/** Uses a live reset token once: the user id, or null when it was used, expired or never existed. */
export const consumeResetToken = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
};

/** A new link replaces older ones: only the latest email works. */
export const retireResetTokens = (db: DbOrTx, userId: string) =>
  db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
