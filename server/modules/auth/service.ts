import type { z } from 'zod';
import type { registerBody } from '#contract/auth.ts';
import { authMessages } from '#contract/auth-terms.ts';
import { nationalityMessages } from '#contract/countries.ts';
import type { DbOrTx } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import type { TokenSubject } from '#server/http/access-tokens.ts';
import { Conflict, Invalid, NotFound, Unauthorized } from '#server/http/errors.ts';
import { matchNationality } from '#server/identity/nationality.ts';
import { announceSessionsEnded } from '#server/identity/session-ends.ts';
import { insertSession } from '#server/identity/sessions.ts';
import * as accounts from '#server/identity/users.ts';
import { hashToken, randomToken } from '#server/security/signed-tokens.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import * as repository from './repository.ts';

export type AuthDeps = Pick<AppDeps, 'db' | 'config' | 'tokens' | 'sessions' | 'pubsub' | 'media' | 'queue'>;

export const SEND_PASSWORD_RESET_JOB = 'auth.send-password-reset';

export const presentUser = (media: AppDeps['media'], user: accounts.UserRow) => ({
  email: user.email,
  username: user.username,
  first_name: user.firstName,
  avatar_url: user.avatarKey ? media.url(user.avatarKey) : null,
});

/**
 * Signs a user in: a new session, an access token carrying its id and the first refresh token of
 * its family. Sign-in and registration call it; so do tests that make their users directly.
 */
export const startSession = async (deps: Pick<AuthDeps, 'db' | 'config' | 'tokens'>, userId: string) => {
  const { sessionId, refresh } = await deps.db.transaction(async (tx) => {
    const sessionId = await insertSession(tx, userId);
    return { sessionId, refresh: await issueRefreshToken(tx, deps.config, userId, sessionId) };
  });
  return { access: await deps.tokens.sign({ userId, sessionId }), refresh };
};

const issueRefreshToken = async (
  db: DbOrTx,
  config: AuthDeps['config'],
  userId: string,
  sessionId: string,
) => {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + config.REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000);
  await repository.insertRefreshToken(db, {
    userId,
    familyId: sessionId,
    tokenHash: hashToken(token),
    expiresAt,
  });
  return token;
};

/** Registration chooses from the country list: a nationality given must name one country. */
const registeredNationality = (value: string | null | undefined) => {
  if (!value) return null;
  const code = matchNationality(value);
  if (!code) throw new Invalid(nationalityMessages.unknown, 'nationality');
  return code;
};

export const findUserForMail = (deps: Pick<AppDeps, 'db'>, userId: string) =>
  accounts.findUserById(deps.db, userId);

export const createAuthService = (deps: AuthDeps) => {
  /**
   * Revokes a session and forgets this process's cached answer, so its access tokens stop at once; what
   * it holds open in any process (an event stream) is told to close.
   */
  const endSession = async (ended: TokenSubject) => {
    await deps.db.transaction(async (tx) => {
      await repository.revokeSession(tx, ended.sessionId);
      await announceSessionsEnded(deps.pubsub, tx, ended);
    });
    deps.sessions.forget(ended.sessionId);
  };

  const signedIn = async (user: accounts.UserRow) => ({
    ...(await startSession(deps, user.id)),
    email: user.email,
    user: presentUser(deps.media, user),
  });

  const register = async (input: z.output<typeof registerBody>) => {
    const nationality = registeredNationality(input.nationality);
    if (await accounts.findUserByEmail(deps.db, input.email))
      throw new Conflict(authMessages.emailTaken, 'email');
    if (await accounts.usernameExists(deps.db, input.username))
      throw new Conflict(authMessages.usernameTaken, 'username');
    const user = await accounts.insertUser(deps.db, {
      email: input.email,
      username: input.username,
      passwordHash: await hashPassword(input.password),
      nationality,
    });
    if (!user) throw new Conflict(authMessages.emailTaken, 'email');
    return signedIn(user);
  };

  const login = async (input: { email: string; password: string }) => {
    const user = await accounts.findUserByEmail(deps.db, input.email);
    const matches = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstDecoy(input.password);
    if (!user || !matches) throw new Unauthorized(authMessages.wrongCredentials);
    return signedIn(user);
  };

  /**
   * Rotates a refresh token within its session (the access tokens already issued keep working). A
   * token presented a second time means it leaked (or a client misbehaved): the whole session is
   * revoked, access tokens included, so the thief and the owner alike must sign in again.
   */
  const refresh = async (token: string) => {
    const stored = await repository.findRefreshToken(deps.db, hashToken(token));
    if (!stored) throw new Unauthorized(authMessages.sessionExpired);
    const subject = { userId: stored.userId, sessionId: stored.familyId };
    if (stored.usedAt || stored.revokedAt) {
      await endSession(subject);
      throw new Unauthorized(authMessages.sessionExpired);
    }
    if (!(await repository.consumeRefreshToken(deps.db, stored.id))) {
      await endSession(subject);
      throw new Unauthorized(authMessages.sessionExpired);
    }
    return {
      access: await deps.tokens.sign(subject),
      refresh: await issueRefreshToken(deps.db, deps.config, subject.userId, subject.sessionId),
    };
  };

  /** Ends the session the refresh token belongs to; an unknown token is already as good as logged out. */
  const logout = async (token: string) => {
    const stored = await repository.findRefreshToken(deps.db, hashToken(token));
    if (stored) await endSession({ userId: stored.userId, sessionId: stored.familyId });
  };

  const currentUser = async (userId: string) => {
    const user = await accounts.findUserById(deps.db, userId);
    if (!user) throw new Unauthorized();
    return presentUser(deps.media, user);
  };

  const updateFirstName = async (userId: string, firstName: string) => {
    const user = await accounts.updateUserDetails(deps.db, userId, { firstName });
    if (!user) throw new NotFound('This account no longer exists');
    return presentUser(deps.media, user);
  };

  /** Answers the same whether or not the account exists; the email itself is sent by a job. */
  const requestPasswordReset = async (email: string) => {
    const user = await accounts.findUserByEmail(deps.db, email);
    if (user) await deps.queue.send(SEND_PASSWORD_RESET_JOB, { userId: user.id }, { retryLimit: 3 });
  };

  /** Creates a fresh single-use token (retiring older links) and the link that carries it. */
  const createResetLink = async (userId: string) => {
    const token = randomToken();
    await deps.db.transaction(async (tx) => {
      await repository.retireResetTokens(tx, userId);
      await repository.insertResetToken(tx, {
        userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + deps.config.PASSWORD_RESET_TTL_MINUTES * 60 * 1000),
      });
    });
    return new URL(`/reset-password/${token}`, deps.config.PUBLIC_URL).toString();
  };

  const verifyResetToken = async (token: string) =>
    Boolean(await repository.findLiveResetToken(deps.db, hashToken(token)));

  /** Sets the new password and ends every session of the account. */
  const resetPassword = async (token: string, password: string) => {
    const tokenHash = hashToken(token);
    // A made-up token is turned away before it can cost a password hash.
    if (!(await repository.findLiveResetToken(deps.db, tokenHash)))
      throw new Invalid(authMessages.invalidResetToken, 'token');
    const passwordHash = await hashPassword(password);
    const userId = await deps.db.transaction(async (tx) => {
      const userId = await repository.consumeResetToken(tx, tokenHash);
      if (!userId) throw new Invalid(authMessages.invalidResetToken, 'token');
      await accounts.updatePasswordHash(tx, userId, passwordHash);
      await repository.revokeAllForUser(tx, userId);
      await announceSessionsEnded(deps.pubsub, tx, { userId });
      return userId;
    });
    deps.sessions.forgetUser(userId);
  };

  return {
    register,
    login,
    refresh,
    logout,
    currentUser,
    updateFirstName,
    requestPasswordReset,
    createResetLink,
    verifyResetToken,
    resetPassword,
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
