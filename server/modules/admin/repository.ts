import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export const findUser = async (db: DbOrTx, id: string) => {
  const [row] = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
};

export const setRoleByEmail = async (db: DbOrTx, email: string, role: 'user' | 'admin') => {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .returning({ email: users.email, username: users.username, role: users.role });
  return row ?? null;
};
