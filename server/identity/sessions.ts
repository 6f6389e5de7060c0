import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions } from './tables.ts';

/** A new sign-in; its id is the family of its refresh tokens and the `sid` of its access tokens. */
export const insertSession = async (db: DbOrTx, userId: string) => {
  const [row] = await db.insert(sessions).values({ userId }).returning({ id: sessions.id });
  return row!.id;
};

/** Ends one sign-in; the auth guard refuses its access tokens from then on. */
export const endSession = (db: DbOrTx, sessionId: string, at: Date) =>
  db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));

/** Ends every sign-in of an account. */
export const endEverySession = (db: DbOrTx, userId: string, at: Date) =>
  db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
