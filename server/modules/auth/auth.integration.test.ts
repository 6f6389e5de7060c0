import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages } from '#contract/auth-terms.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { waitFor } from '#test/wait-for.ts';

let counter = 0;
const newUser = () => {
  counter += 1;
  const id = `${process.pid}x${counter}`;
  return { username: `walker_${id}`, email: `walker.${id}@example.com`, password: 'long-enough-pass' };
};

describe(`accounts and sessions on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const register = (user = newUser(), nationality: unknown = 'ES') =>
    post('/api/register/', { ...user, nationality });
  const getUser = (access: string) =>
    testApp.app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: `Bearer ${access}` } });

  beforeAll(async () => {
    testApp = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '5', AUTH_RATE_LIMIT_PER_IP: '1000' });
  });
  afterAll(() => testApp.close());

  describe('register', () => {
    it('creates the account, answers tokens and stores an argon2id hash and the country code', async () => {
      const user = newUser();
      const response = await register({ ...user, email: `  ${user.email.toUpperCase()} ` }, 'spain');
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        email: user.email,
        user: { email: user.email, username: user.username, first_name: '' },
      });
      expect(body.access).toMatch(/^ey/);
      expect(body.refresh.length).toBeGreaterThan(30);
      const rows = (await testApp.deps.db.execute(
        sql`select password_hash, nationality from users where email = ${user.email}`,
      )) as { rows: { password_hash: string; nationality: string }[] };
      const row = rows.rows[0]!;
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.nationality).toBe('ES');
      expect((await getUser(body.access)).json()).toEqual({
        email: user.email,
        username: user.username,
        first_name: '',
        avatar_url: null,
      });
    });

    it.each([
      ['Syria', 'SY'],
      ['Laos', 'LA'],
      ['Brunei', 'BN'],
      ['Holy See', 'VA'],
      ['Moldova', 'MD'],
      ['Spanish', 'ES'],
    ])('registers a pilgrim whose nationality reads %j and stores %s', async (nationality, code) => {
      const user = newUser();
      const response = await register(user, nationality);
      expect(response.statusCode, response.body).toBe(201);
      const rows = (await testApp.deps.db.execute(
        sql`select nationality from users where email = ${user.email}`,
      )) as { rows: { nationality: string }[] };
      expect(rows.rows[0]!.nationality).toBe(code);
    });

    it('refuses a nationality that names no country, and makes no account', async () => {
      const user = newUser();
      const response = await register(user, 'Pilgrim of the world');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'Please choose a country from the list',
        field: 'nationality',
      });
      const rows = (await testApp.deps.db.execute(
        sql`select count(*)::int as n from users where email = ${user.email}`,
      )) as { rows: { n: number }[] };
      expect(rows.rows[0]!.n).toBe(0);
    });

    it.each([
      [{ email: 'a@example.com', password: 'long-enough' }, authMessages.usernameRequired, 'username'],
      [
        { username: '  ', email: 'a@example.com', password: 'long-enough' },
        authMessages.usernameRequired,
        'username',
      ],
      [{ username: 'abc', password: 'long-enough' }, authMessages.emailRequired, 'email'],
      [
        { username: 'abc', email: 'not-an-email', password: 'long-enough' },
        'Please enter a valid email address',
        'email',
      ],
      [{ username: 'abc', email: 'a@example.com' }, authMessages.passwordRequired, 'password'],
      [
        { username: 'abc', email: 'a@example.com', password: 'short' },
        authMessages.passwordTooShort,
        'password',
      ],
      [
        { username: 'abc', email: 'a@example.com', password: 'x'.repeat(300) },
        authMessages.passwordTooLong,
        'password',
      ],
      [
        { username: 'a'.repeat(151), email: 'a@example.com', password: 'long-enough' },
        authMessages.usernameTooLong,
        'username',
      ],
      [
        { username: "x' OR 1=1; --", email: 'a@example.com', password: 'long-enough' },
        authMessages.usernameCharacters,
        'username',
      ],
      [
        { username: '<b>hi</b>', email: 'a@example.com', password: 'long-enough' },
        authMessages.usernameCharacters,
        'username',
      ],
      [
        { username: 'abc', email: 'a@example.com', password: 'long-enough', nationality: 'Atlantis' },
        'Please choose a country from the list',
        'nationality',
      ],
      [
        { username: 'abc', email: 'a@example.com', password: 'long-enough', nationality: 42 },
        undefined,
        'nationality',
      ],
      [
        { username: 123, email: 'a@example.com', password: 'long-enough' },
        authMessages.usernameRequired,
        'username',
      ],
    ])('rejects %j with a message naming the field', async (payload, message, field) => {
      const response = await post('/api/register/', payload);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.field).toBe(field);
      if (message) expect(body.error).toBe(message);
      else expect(body.error).toContain(field);
    });

    it('drops fields it does not know, so an extra role makes no admin', async () => {
      const response = await post('/api/register/', { ...newUser(), role: 'admin' });
      expect(response.statusCode).toBe(201);
      const admin = await testApp.app.inject({
        url: '/api/admin/me/',
        headers: { authorization: `Bearer ${response.json().access}` },
      });
      expect(admin.statusCode).toBe(403);
    });

    it('refuses a duplicate email in any case and a duplicate username', async () => {
      const user = newUser();
      expect((await register(user)).statusCode).toBe(201);
      const sameEmail = await register({ ...newUser(), email: user.email.toUpperCase() });
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json()).toMatchObject({ error: authMessages.emailTaken, field: 'email' });
      const sameName = await register({ ...newUser(), username: user.username.toUpperCase() });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json()).toMatchObject({ error: authMessages.usernameTaken, field: 'username' });
    });
  });

  describe('login', () => {
    it('signs in with the right password, in any email case', async () => {
      const user = newUser();
      await register(user);
      const response = await post('/api/login/', {
        email: user.email.toUpperCase(),
        password: user.password,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        email: user.email,
        user: { email: user.email, username: user.username, first_name: '' },
      });
    });

    it('answers 401 with one message for a wrong password and an unknown email', async () => {
      const user = newUser();
      await register(user);
      const wrong = await post('/api/login/', { email: user.email, password: 'not-the-password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toBe(authMessages.wrongCredentials);
      const unknown = await post('/api/login/', { email: 'nobody@example.com', password: 'whatever-pass' });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().error).toBe(authMessages.wrongCredentials);
    });

    it('validates the payload', async () => {
      const missing = await post('/api/login/', { email: '', password: '' });
      expect(missing.json()).toMatchObject({ error: authMessages.emailRequired, field: 'email' });
      const noPassword = await post('/api/login/', { email: 'a@example.com', password: '' });
      expect(noPassword.json()).toMatchObject({ error: authMessages.passwordRequired, field: 'password' });
    });

    it('limits attempts per account with a 429 the screen can show', async () => {
      const user = newUser();
      await register(user);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        statuses.push(
          (await post('/api/login/', { email: user.email, password: 'wrong-password' })).statusCode,
        );
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses[5]).toBe(429);
      const blocked = await post('/api/login/', { email: user.email, password: user.password });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe(authMessages.tooManyAttempts);
      expect(blocked.headers['retry-after']).toBeDefined();
    });
  });

  describe('rate limits', () => {
    it('limits registration and reset requests per account', async () => {
      const user = newUser();
      const registers: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) registers.push((await register(user)).statusCode);
      expect(registers).toEqual([201, 409, 409, 409, 409, 429]);
      const resets: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        resets.push((await post('/api/password/reset-request/', { email: user.email })).statusCode);
      }
      expect(resets).toEqual([200, 200, 200, 200, 200, 429]);
    });

    it('limits sign-in attempts per client address across accounts', async () => {
      const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '3' });
      try {
        const attempt = (email: string, ip: string) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/login/',
            payload: { email, password: 'whatever-pass' },
            remoteAddress: ip,
          });
        const statuses: number[] = [];
        for (let index = 0; index < 4; index++) {
          statuses.push((await attempt(`person${index}@example.com`, '203.0.113.7')).statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 429]);
        expect((await attempt('person9@example.com', '203.0.113.8')).statusCode).toBe(401);
      } finally {
        await limited.close();
      }
    });
  });

  describe('access tokens', () => {
    const secretKey = () =>
      createHash('sha256').update(`${testApp.deps.config.SECRET}:access-token`).digest();

    it('refuses a missing, tampered, unsigned or expired token with 401', async () => {
      const { access } = (await register()).json();
      const [header, payload] = access.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      const otherUser = Buffer.from(
        JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' }),
      ).toString('base64url');
      const resigned = `${header}.${otherUser}.${access.split('.')[2]}`;
      const wrongKey = await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer(claims.iss)
        .setAudience(claims.aud)
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('an-entirely-different-secret-of-enough-length'));
      const expired = await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer(claims.iss)
        .setAudience(claims.aud)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(secretKey());
      for (const token of [none, resigned, wrongKey, expired, 'garbage']) {
        const response = await getUser(token);
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toBeTruthy();
      }
      expect((await testApp.app.inject({ method: 'GET', url: '/api/user/' })).statusCode).toBe(401);
      expect((await getUser(access)).statusCode).toBe(200);
    });

    /** A token signed with the real key, with the claims of a real one changed as given. */
    const forge = async (access: string, change: Record<string, unknown>, expires = true) => {
      const claims = { ...JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()), ...change };
      const { exp: _exp, iat: _iat, ...rest } = claims;
      const jwt = new SignJWT(rest).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
      return (expires ? jwt.setExpirationTime('5m') : jwt).sign(secretKey());
    };

    it('refuses a token of the real key without exp, or without a session', async () => {
      const { access } = (await register()).json();
      expect((await getUser(await forge(access, {}))).statusCode).toBe(200);
      const noExpiry = await getUser(await forge(access, {}, false));
      expect(noExpiry.statusCode).toBe(401);
      expect(noExpiry.json().error).toBeTruthy();
      expect((await getUser(await forge(access, { sid: undefined }))).statusCode).toBe(401);
    });

    it.each([
      ["1' OR '1'='1", 'sub'],
      ['not-a-uuid', 'sub'],
      [42, 'sub'],
      ["1' OR '1'='1", 'sid'],
      ['00000000-0000-0000-0000-00000000000g', 'sid'],
    ])('answers 401, not 500, for a token whose %s is not an id (%s)', async (value, claim) => {
      const { access } = (await register()).json();
      const response = await getUser(await forge(access, { [claim]: value }));
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBeTruthy();
    });

    it('ends with logout, at once', async () => {
      const session = (await register()).json();
      expect((await getUser(session.access)).statusCode).toBe(200);
      expect((await post('/api/logout/', { refresh: session.refresh })).statusCode).toBe(204);
      expect((await getUser(session.access)).statusCode).toBe(401);
    });

    it('keeps working after its session rotates the refresh token, and carries the same session', async () => {
      const first = (await register()).json();
      const second = (await post('/api/token/refresh/', { refresh: first.refresh })).json();
      const third = (await post('/api/token/refresh/', { refresh: second.refresh })).json();
      const subjects = await Promise.all(
        [first, second, third].map(({ access }) => testApp.deps.tokens.verify(access)),
      );
      expect(new Set(subjects.map((subject) => subject!.sessionId)).size).toBe(1);
      for (const { access } of [first, second, third]) expect((await getUser(access)).statusCode).toBe(200);
      await post('/api/logout/', { refresh: third.refresh });
      for (const { access } of [first, second, third]) expect((await getUser(access)).statusCode).toBe(401);
    });

    it('ends, with every access token of its session, when a used refresh token comes back', async () => {
      const user = newUser();
      const stolen = (await register(user)).json();
      const other = (await post('/api/login/', { email: user.email, password: user.password })).json();
      const rotated = (await post('/api/token/refresh/', { refresh: stolen.refresh })).json();
      expect((await getUser(rotated.access)).statusCode).toBe(200);
      expect((await post('/api/token/refresh/', { refresh: stolen.refresh })).statusCode).toBe(401);
      expect((await getUser(stolen.access)).statusCode).toBe(401);
      expect((await getUser(rotated.access)).statusCode).toBe(401);
      expect((await getUser(other.access)).statusCode).toBe(200);
    });

    it('refuses the token of a deleted session or a deleted account', async () => {
      const deletedSession = (await register()).json();
      const { sessionId } = (await testApp.deps.tokens.verify(deletedSession.access))!;
      await testApp.deps.db.execute(sql`delete from sessions where id = ${sessionId}`);
      expect((await getUser(deletedSession.access)).statusCode).toBe(401);

      const user = newUser();
      const deletedAccount = (await register(user)).json();
      await testApp.deps.db.execute(sql`delete from users where email = ${user.email}`);
      expect((await getUser(deletedAccount.access)).statusCode).toBe(401);
    });

    it('ends within the cache window when another process revokes its session', async () => {
      const session = (await register()).json();
      const { sessionId } = (await testApp.deps.tokens.verify(session.access))!;
      expect((await getUser(session.access)).statusCode).toBe(200);
      // Another process logs out: the row changes, this process's cached answer does not.
      await testApp.deps.db.execute(sql`update sessions set revoked_at = now() where id = ${sessionId}`);
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 4_000);
        expect((await getUser(session.access)).statusCode).toBe(200);
        vi.setSystemTime(Date.now() + 1_500);
        expect((await getUser(session.access)).statusCode).toBe(401);
      } finally {
        vi.useRealTimers();
      }
    });

    it('lasts a day by default, for clients that never refresh', async () => {
      const { access } = (await register()).json();
      const claims = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString());
      expect(claims.exp - claims.iat).toBe(24 * 60 * 60);
    });
  });

  describe('refresh tokens', () => {
    it('rotates, and reusing an old token revokes the whole family', async () => {
      const first = (await register()).json();
      const rotated = await post('/api/token/refresh/', { refresh: first.refresh });
      expect(rotated.statusCode).toBe(200);
      const second = rotated.json();
      expect(second.refresh).not.toBe(first.refresh);
      expect((await getUser(second.access)).statusCode).toBe(200);

      const reused = await post('/api/token/refresh/', { refresh: first.refresh });
      expect(reused.statusCode).toBe(401);
      const afterReuse = await post('/api/token/refresh/', { refresh: second.refresh });
      expect(afterReuse.statusCode).toBe(401);
    });

    it('keeps other sessions alive when one is reused', async () => {
      const user = newUser();
      const a = (await register(user)).json();
      const b = (await post('/api/login/', { email: user.email, password: user.password })).json();
      await post('/api/token/refresh/', { refresh: a.refresh });
      await post('/api/token/refresh/', { refresh: a.refresh });
      expect((await post('/api/token/refresh/', { refresh: b.refresh })).statusCode).toBe(200);
    });

    it('logout revokes the refresh token', async () => {
      const session = (await register()).json();
      const logout = await post('/api/logout/', { refresh: session.refresh });
      expect(logout.statusCode).toBe(204);
      expect((await post('/api/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
      expect((await post('/api/logout/', { refresh: 'unknown' })).statusCode).toBe(204);
    });

    it('refuses an unknown or malformed refresh token', async () => {
      expect((await post('/api/token/refresh/', { refresh: 'nope' })).statusCode).toBe(401);
      expect((await post('/api/token/refresh/', {})).statusCode).toBe(400);
    });
  });

  describe('PUT /api/user/', () => {
    it('changes the name, stores markup as plain text and refuses a too-long name', async () => {
      const { access } = (await register()).json();
      const headers = { authorization: `Bearer ${access}` };
      const put = (payload: unknown) =>
        testApp.app.inject({ method: 'PUT', url: '/api/user/', headers, payload: payload as object });
      const saved = await put({ first_name: '  <script>alert(1)</script> Ana ' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().first_name).toBe('<script>alert(1)</script> Ana');
      expect((await getUser(access)).json().first_name).toBe('<script>alert(1)</script> Ana');
      const tooLong = await put({ first_name: 'x'.repeat(151) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().field).toBe('first_name');
      expect((await put({ first_name: 5 })).json().field).toBe('first_name');
      expect(
        (await testApp.app.inject({ method: 'PUT', url: '/api/user/', payload: { first_name: 'x' } }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('password reset', () => {
    const resetLinkFor = async (email: string, count: number) => {
      const messages = await waitFor(
        async () => (await testApp.outbox()).filter((message) => message.to === email),
        (found) => found.length >= count,
      );
      const message = messages[count - 1]!;
      const link = /http:\/\/localhost:3000\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.text);
      expect(link).not.toBeNull();
      return { message, token: link![1]! };
    };

    it('answers the same for a known and an unknown email, and mails only the known one', async () => {
      const user = newUser();
      await register(user);
      const known = await post('/api/password/reset-request/', { email: user.email.toUpperCase() });
      const unknown = await post('/api/password/reset-request/', { email: 'nobody.here@example.com' });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json().message).toBe(authMessages.resetRequestSent);
      const { message } = await resetLinkFor(user.email, 1);
      expect(message.subject).toBe('Reset your Pilgrim Soul password');
      expect((await testApp.outbox()).some((mail) => mail.to === 'nobody.here@example.com')).toBe(false);
    });

    it('resets once, ends every session, and the new password signs in', async () => {
      const user = newUser();
      const session = (await register(user)).json();
      const otherDevice = (await post('/api/login/', { email: user.email, password: user.password })).json();
      expect((await getUser(session.access)).statusCode).toBe(200);
      await post('/api/password/reset-request/', { email: user.email });
      const { token } = await resetLinkFor(user.email, 1);
      expect((await post('/api/password/verify-token/', { token })).json()).toEqual({ valid: true });

      const short = await post('/api/password/reset/', { token, password: 'short' });
      expect(short.json()).toMatchObject({ error: authMessages.passwordTooShort, field: 'password' });
      const done = await post('/api/password/reset/', { token, password: 'a-brand-new-pass' });
      expect(done.statusCode).toBe(200);

      expect((await post('/api/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
      expect((await getUser(session.access)).statusCode).toBe(401);
      expect((await getUser(otherDevice.access)).statusCode).toBe(401);
      expect((await post('/api/login/', { email: user.email, password: user.password })).statusCode).toBe(
        401,
      );
      expect(
        (await post('/api/login/', { email: user.email, password: 'a-brand-new-pass' })).statusCode,
      ).toBe(200);

      expect((await post('/api/password/verify-token/', { token })).json()).toEqual({ valid: false });
      const reused = await post('/api/password/reset/', { token, password: 'yet-another-pass' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error).toBe(authMessages.invalidResetToken);
    });

    it('refuses an expired token and a token replaced by a newer email', async () => {
      const user = newUser();
      await register(user);
      await post('/api/password/reset-request/', { email: user.email });
      const { token: first } = await resetLinkFor(user.email, 1);
      await post('/api/password/reset-request/', { email: user.email });
      const { token: second } = await resetLinkFor(user.email, 2);
      expect((await post('/api/password/verify-token/', { token: first })).json().valid).toBe(false);
      expect((await post('/api/password/verify-token/', { token: second })).json().valid).toBe(true);

      await testApp.deps.db.execute(
        sql`update password_reset_tokens set expires_at = now() - interval '1 minute' where used_at is null`,
      );
      expect((await post('/api/password/verify-token/', { token: second })).json().valid).toBe(false);
      const expired = await post('/api/password/reset/', { token: second, password: 'a-brand-new-pass' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error).toBe(authMessages.invalidResetToken);
    });

    it('validates the reset payloads', async () => {
      expect((await post('/api/password/reset-request/', { email: '' })).json().error).toBe(
        authMessages.emailRequired,
      );
      const noToken = (await post('/api/password/verify-token/', { token: '' })).json();
      expect(noToken.field).toBe('token');
      expect(noToken.error).toContain(authMessages.missingResetToken);
      expect((await post('/api/password/reset/', { token: 'abc', password: '' })).json().error).toBe(
        authMessages.newPasswordRequired,
      );
      expect(
        (await post('/api/password/reset/', { token: 'abc', password: 'long-enough-pass' })).json().error,
      ).toBe(authMessages.invalidResetToken);
    });
  });
});
