import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { findRow } from '#server/db/rows.ts';
import { endEverySession, endSession } from '#server/identity/sessions.ts';
import { passwordResetTokens, refreshTokens } from './tables.ts';

export const insertRefreshToken = (
  db: DbOrTx,
  values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
) => db.insert(refreshTokens).values(values);

export const findRefreshToken = (db: DbOrTx, tokenHash: string) =>
  findRow(db, refreshTokens, eq(refreshTokens.tokenHash, tokenHash));

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
  await endSession(db, sessionId, revokedAt);
  await db
    .update(refreshTokens)
    .set({ revokedAt })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
};

/** Ends every session of an account. */
export const revokeAllForUser = async (db: DbOrTx, userId: string) => {
  const revokedAt = new Date();
  await endEverySession(db, userId, revokedAt);
  await db
    .update(refreshTokens)
    .set({ revokedAt })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
};

export const insertResetToken = (
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date },
) => db.insert(passwordResetTokens).values(values);

export const findLiveResetToken = (db: DbOrTx, tokenHash: string) =>
  findRow(
    db,
    passwordResetTokens,
    and(
      eq(passwordResetTokens.tokenHash, tokenHash),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, new Date()),
    ),
  );

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
