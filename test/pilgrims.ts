import { randomBytes } from 'node:crypto';
import { users } from '../server/identity/tables.ts';
import { startSession } from '../server/modules/auth/service.ts';
import type { TestApp } from './test-app.ts';

/** A signed-in pilgrim for integration tests, written straight to the users table. */
export const createPilgrim = async (
  testApp: TestApp,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<{ id: string; email: string; headers: { authorization: string } }> => {
  const id = randomBytes(4).toString('hex');
  const [user] = await testApp.deps.db
    .insert(users)
    .values({
      email: `pilgrim.${id}@example.com`,
      username: `pilgrim_${id}`,
      passwordHash: 'not-used-here',
      nationality: 'ES',
      vibe: 'Agnostic',
      caminoStartDate: '2026-05-01',
      caminoDuration: 30,
      ...values,
    })
    .returning();
  const { access: token } = await startSession(testApp.deps, user!.id);
  return { id: user!.id, email: user!.email, headers: { authorization: `Bearer ${token}` } };
};
