import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type ProfileRow = typeof users.$inferSelect;

export type ProfileChanges = Partial<
  Pick<
    ProfileRow,
    | 'nationality'
    | 'bio'
    | 'vibe'
    | 'caminoStartDate'
    | 'caminoDuration'
    | 'reminderEmails'
    | 'timeZone'
    | 'avatarKey'
  >
>;

export const findProfile = async (db: DbOrTx, userId: string) => {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
};

export const updateProfile = async (db: DbOrTx, userId: string, changes: ProfileChanges) => {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
};
