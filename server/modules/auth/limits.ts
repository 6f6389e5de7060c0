import type { AppDeps } from '#server/deps.ts';
import { Unauthorized } from '#server/http/errors.ts';
import { type RateCount, type RateRule, tooMany } from '#server/http/rate-limit.ts';
import { limit, type RateLimitName, rateRule } from '#server/http/rate-limit-rules.ts';
import { findUserByEmail } from '#server/identity/users.ts';

export const SEND_SIGN_IN_WARNING_JOB = 'auth.send-sign-in-warning';

type LimitDeps = Pick<AppDeps, 'config' | 'db' | 'queue' | 'rateLimiter' | 'metrics'>;

/*
 * How signing in, registering and asking for a reset link combine their rules; the rules themselves,
 * with their numbers, are in server/http/rate-limit-rules.ts. Nothing here counts an account alone in a
 * way that refuses its owner: what one address does limits that address.
 */

const pairOf = (email: string, address: string) => `${email.toLowerCase()} ${address}`;

export const limitRegistration = async (deps: LimitDeps, email: string, address: string) => {
  await limit(deps, 'register:ip', address);
  await limit(deps, 'register:account-ip', pairOf(email, address));
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
  const ruleNamed = (name: RateLimitName) => rateRule(deps.config, name);
  const perAddress = ruleNamed('login:ip');
  const perAccountFromAddress = ruleNamed('login:account-ip');
  const perAccount = ruleNamed('login:account-total');
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

  within(perAddress, await count(perAddress, address));
  within(perAccountFromAddress, await count(perAccountFromAddress, pair));
  const triedHere = await count(ruleNamed('login:account-ip-tried'), pair);
  const total = await count(perAccount, account);
  if (total.count > total.limit && triedHere.count > 1) throw tooMany(perAccount, total);

  let result: Result;
  try {
    result = await signIn();
  } catch (error) {
    if (error instanceof Unauthorized) {
      deps.metrics.signInFailures.inc();
      if (total.count >= total.limit) await warnOwner(deps, account);
    }
    throw error;
  }
  for (const [rule, subject] of counted) await deps.rateLimiter.undo(rule, subject);
  return result;
};

/** Emails the owner once per ceiling window (the job reads the account; an unknown email sends nothing). */
const warnOwner = async (deps: LimitDeps, account: string) => {
  const warned = await deps.rateLimiter.count(rateRule(deps.config, 'login:account-warned'), account);
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
  await limit(deps, 'reset-request:ip', address);
  await limit(deps, 'reset-request:account-ip', pairOf(email, address));
  const sent = await deps.rateLimiter.count(
    rateRule(deps.config, 'reset-request:account'),
    email.toLowerCase(),
  );
  if (sent.count <= sent.limit) await send();
};
