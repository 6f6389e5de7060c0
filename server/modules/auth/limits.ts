import { authMessages } from '../../../contract/auth.ts';
import type { Config } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import { Unauthorized } from '../../http/errors.ts';
import { type RateCount, type RateRule, tooMany } from '../../http/rate-limit.ts';
import { findUserByEmail } from '../../identity/users.ts';

export const SEND_SIGN_IN_WARNING_JOB = 'auth.send-sign-in-warning';

type LimitDeps = Pick<AppDeps, 'config' | 'db' | 'queue' | 'rateLimiter'>;

/**
 * Every limit on signing in, registering and asking for a reset link, in one place; the numbers are
 * configuration (AUTH_RATE_LIMIT_*). An address is request.ip, which follows TRUST_PROXY. Nothing here
 * counts an account alone in a way that refuses its owner: what one address does limits that address.
 */
export const authRateRules = (config: Config) => {
  const window = config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const ceilingWindow = config.AUTH_RATE_LIMIT_CEILING_WINDOW_SECONDS;
  const message = authMessages.tooManyAttempts;
  /** Across every account: one address trying many. */
  const perAddress = (action: string): RateRule => ({
    name: `${action}:ip`,
    limit: config.AUTH_RATE_LIMIT_PER_IP,
    windowSeconds: window,
    message,
  });
  /** One account from one address; the subject is `email address`. */
  const perAccountFromAddress = (action: string): RateRule => ({
    name: `${action}:account-ip`,
    limit: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    windowSeconds: window,
    message,
  });
  return {
    register: {
      perAddress: perAddress('register'),
      perAccountFromAddress: perAccountFromAddress('register'),
    },
    login: {
      /** Failed sign-ins (a right password takes its hit back). */
      perAddress: perAddress('login'),
      perAccountFromAddress: perAccountFromAddress('login'),
      /**
       * Failed sign-ins on one account from every address, against guessing spread over many. Past it,
       * an address that already failed on the account in this window is refused; an address that did
       * not (the owner at home) still has its try, so the ceiling never locks the owner out.
       */
      perAccount: {
        name: 'login:account-total',
        limit: config.AUTH_RATE_LIMIT_ACCOUNT_CEILING,
        windowSeconds: ceilingWindow,
        message: authMessages.tooManyAttemptsOnAccount,
      },
      /** Which addresses tried an account within the ceiling's window (read, never refused on its own). */
      triedFromAddress: { name: 'login:account-ip-tried', limit: 1, windowSeconds: ceilingWindow },
      /** The owner hears once per ceiling window that the ceiling was reached. */
      ownerWarned: { name: 'login:account-warned', limit: 1, windowSeconds: ceilingWindow },
    },
    resetRequest: {
      perAddress: perAddress('reset-request'),
      perAccountFromAddress: perAccountFromAddress('reset-request'),
      /**
       * Reset emails per account within one link's lifetime. Past it the request is answered as usual
       * but sends nothing: every email goes to the owner, and the latest one sent in this window still
       * works until the window ends, so a flood of requests cannot keep a working link from the owner.
       */
      perAccount: {
        name: 'reset-request:account',
        limit: config.AUTH_RATE_LIMIT_RESET_EMAILS,
        windowSeconds: config.PASSWORD_RESET_TTL_MINUTES * 60,
      },
    },
  };
};

const pairOf = (email: string, address: string) => `${email.toLowerCase()} ${address}`;

export const limitRegistration = async (deps: LimitDeps, email: string, address: string) => {
  const rules = authRateRules(deps.config).register;
  await deps.rateLimiter.hit(rules.perAddress, address);
  await deps.rateLimiter.hit(rules.perAccountFromAddress, pairOf(email, address));
};

/**
 * Runs one sign-in attempt under the login limits. Each rule's hit is counted before the password is
 * checked, so parallel guesses cannot slip past a limit, and taken back when the password is right, so
 * only failures count.
 */
export const limitSignIn = async <Result>(
  deps: LimitDeps,
  email: string,
  address: string,
  signIn: () => Promise<Result>,
): Promise<Result> => {
  const rules = authRateRules(deps.config).login;
  const account = email.toLowerCase();
  const pair = pairOf(account, address);
  const counted: [RateRule, string][] = [];
  const count = (rule: RateRule, subject: string) => {
    counted.push([rule, subject]);
    return deps.rateLimiter.count(rule, subject);
  };
  const within = (rule: RateRule, hits: RateCount) => {
    if (hits.count > hits.limit) throw tooMany(rule, hits);
  };

  within(rules.perAddress, await count(rules.perAddress, address));
  within(rules.perAccountFromAddress, await count(rules.perAccountFromAddress, pair));
  const triedHere = await count(rules.triedFromAddress, pair);
  const total = await count(rules.perAccount, account);
  if (total.count > total.limit && triedHere.count > 1) throw tooMany(rules.perAccount, total);

  let result: Result;
  try {
    result = await signIn();
  } catch (error) {
    if (error instanceof Unauthorized && total.count >= total.limit) await warnOwner(deps, account);
    throw error;
  }
  for (const [rule, subject] of counted) await deps.rateLimiter.undo(rule, subject);
  return result;
};

/** Emails the owner once per ceiling window (the job reads the account; an unknown email sends nothing). */
const warnOwner = async (deps: LimitDeps, account: string) => {
  const warned = await deps.rateLimiter.count(authRateRules(deps.config).login.ownerWarned, account);
  if (warned.count !== 1) return;
  const user = await findUserByEmail(deps.db, account);
  if (user) await deps.queue.send(SEND_SIGN_IN_WARNING_JOB, { userId: user.id }, { retryLimit: 3 });
};

/** Limits a reset request; `send` runs only while the account's reset emails are under their ceiling. */
export const limitResetRequest = async (
  deps: LimitDeps,
  email: string,
  address: string,
  send: () => Promise<void>,
) => {
  const rules = authRateRules(deps.config).resetRequest;
  await deps.rateLimiter.hit(rules.perAddress, address);
  await deps.rateLimiter.hit(rules.perAccountFromAddress, pairOf(email, address));
  const sent = await deps.rateLimiter.count(rules.perAccount, email.toLowerCase());
  if (sent.count <= sent.limit) await send();
};
