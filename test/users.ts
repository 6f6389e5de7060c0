import { randomBytes } from 'node:crypto';
import { users } from '#server/identity/tables.ts';
import { startSession } from '#server/modules/auth/service.ts';
import { multipartBody } from './soul-stories.ts';
import type { TestApp } from './test-app.ts';

/** Accounts for tests and benchmarks, made where signing up is not what is being tested. */
export interface UserDetails {
  username: string;
  email: string;
  password: string;
}

/** A name and email no other test uses: test files run side by side on one database. */
export const newUserDetails = (): UserDetails => {
  const id = randomBytes(4).toString('hex');
  return { username: `pilgrim_${id}`, email: `pilgrim.${id}@example.com`, password: `camino-${id}-pass` };
};

const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

/** A signed-in user written straight to the users table, with any profile columns a test needs. */
export const createUser = async (testApp: TestApp, values: Partial<typeof users.$inferInsert> = {}) => {
  const { username, email } = newUserDetails();
  const [user] = await testApp.deps.db
    .insert(users)
    .values({ email, username, passwordHash: 'not-used-here', ...values })
    .returning();
  const { access } = await startSession(testApp.deps, user!.id);
  return { id: user!.id, username: user!.username, email: user!.email, access, headers: bearer(access) };
};

/** An app answered in process (`app.inject`), or the base URL of one running as its own process. */
type App = TestApp | string;

const postJson = async (app: App, url: string, payload: object) => {
  if (typeof app !== 'string') {
    const response = await app.app.inject({ method: 'POST', url, payload });
    return { status: response.statusCode, body: response.json() };
  }
  const response = await fetch(`${app}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: await response.json() };
};

const sessionFrom = async (app: App, url: string, payload: object, expected: number) => {
  const { status, body } = await postJson(app, url, payload);
  if (status !== expected) throw new Error(`POST ${url} answered ${status}: ${JSON.stringify(body)}`);
  const { access, refresh, email } = body as { access: string; refresh: string; email: string };
  return { email, access, refresh, headers: bearer(access) };
};

/** Signs up through POST /api/register/ as the web app does, with its password hashed for real. */
export const signUp = async (
  app: App,
  details: UserDetails & { nationality?: string } = newUserDetails(),
) => ({
  ...details,
  ...(await sessionFrom(app, '/api/register/', { nationality: 'ES', ...details }, 201)),
});

/** Signs in through POST /api/login/. */
export const signIn = (app: App, { email, password }: Pick<UserDetails, 'email' | 'password'>) =>
  sessionFrom(app, '/api/login/', { email, password }, 200);

/** Sends a profile photo through POST /api/profile/upload/, as the profile page does. */
export const uploadAvatar = (testApp: TestApp, headers: Record<string, string>, image: Buffer) => {
  const avatar = multipartBody([{ name: 'avatar', value: image, filename: 'me.jpg' }]);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/profile/upload/',
    headers: { ...headers, ...avatar.headers },
    payload: avatar.payload,
  });
};

/** The profile a pilgrim fills in before walking: what Vela's guidance and reminders read. */
export const caminoProfile = {
  nationality: 'ES',
  vibe: 'Agnostic',
  caminoStartDate: '2026-05-01',
  caminoDuration: 30,
} satisfies Partial<typeof users.$inferInsert>;
