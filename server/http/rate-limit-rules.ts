import { authMessages } from '#contract/auth-terms.ts';
import { communityMessages } from '#contract/community.ts';
import { contactMessages } from '#contract/contact.ts';
import { chatMessages } from '#contract/vela.ts';
import type { Config } from '../config.ts';
import type { RateLimiter, RateRule } from './rate-limit.ts';

/**
 * What a rule counts per, the subject its counter is keyed by. An address is request.ip, which follows
 * TRUST_PROXY; an email is as typed, an account is the email in lower case; a user is the signed-in id.
 */
type Subject = 'address' | 'email' | 'account' | 'account from address' | 'user';

interface Rule {
  per: Subject;
  limit: number;
  windowSeconds: number;
  /** The 429's error; without one, 'Too many attempts. Please wait a minute and try again.' */
  message?: string;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every rate limit of the API, by name (the name also keys its counters in the database). The limiter
 * multiplies each limit by RATE_LIMIT_SCALE; the sign-in numbers are configuration (AUTH_RATE_LIMIT_*,
 * decision 006).
 *
 * A route applies rules by naming them in its options, `config: { rateLimits: ['newsletter:ip', ...] }`:
 * route-rate-limits.ts counts them in that order once the body is valid and the caller is known, each
 * for the subject its `per` says. A few are counted in code instead, because there they weigh more than
 * one hit of one rule:
 * - sign-in, registration and reset requests (server/modules/auth/limits.ts): a right password takes its
 *   hits back, the ceiling per account refuses only addresses that already failed on it, and a reset
 *   request past its account's ceiling is answered as usual but sends nothing;
 * - Vela's chat (server/modules/vela/chat-service.ts), counted alongside the reads that start a reply;
 * - the forms' per-recipient rules (server/modules/messages/service.ts), not counted for a filled
 *   honeypot, which is thanked as if it were sent.
 */
const rules = (config: Config) => {
  const authWindow = config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const ceilingWindow = config.AUTH_RATE_LIMIT_CEILING_WINDOW_SECONDS;
  /** Across every account: one address trying many. */
  const authPerAddress: Rule = {
    per: 'address',
    limit: config.AUTH_RATE_LIMIT_PER_IP,
    windowSeconds: authWindow,
    message: authMessages.tooManyAttempts,
  };
  /** One account from one address. */
  const authPerAccountFromAddress: Rule = {
    per: 'account from address',
    limit: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    windowSeconds: authWindow,
    message: authMessages.tooManyAttempts,
  };
  return {
    'register:ip': authPerAddress,
    'register:account-ip': authPerAccountFromAddress,
    /** Failed sign-ins (a right password takes its hit back), like every login rule. */
    'login:ip': authPerAddress,
    'login:account-ip': authPerAccountFromAddress,
    /**
     * Failed sign-ins on one account from every address, against guessing spread over many. Past it,
     * an address that already failed on the account in this window is refused; an address that did
     * not (the owner at home) still has its try, so the ceiling never locks the owner out.
     */
    'login:account-total': {
      per: 'account',
      limit: config.AUTH_RATE_LIMIT_ACCOUNT_CEILING,
      windowSeconds: ceilingWindow,
      message: authMessages.tooManyAttemptsOnAccount,
    },
    /** Which addresses tried an account within the ceiling's window (read, never refused on its own). */
    'login:account-ip-tried': { per: 'account from address', limit: 1, windowSeconds: ceilingWindow },
    /** The owner hears once per ceiling window that the ceiling was reached. */
    'login:account-warned': { per: 'account', limit: 1, windowSeconds: ceilingWindow },
    'reset-request:ip': authPerAddress,
    'reset-request:account-ip': authPerAccountFromAddress,
    /**
     * Reset emails per account within one link's lifetime. Past it the request is answered as usual
     * but sends nothing: every email goes to the owner, and the latest one sent in this window still
     * works until the window ends, so a flood of requests cannot keep a working link from the owner.
     */
    'reset-request:account': {
      per: 'account',
      limit: config.AUTH_RATE_LIMIT_RESET_EMAILS,
      windowSeconds: config.PASSWORD_RESET_TTL_MINUTES * MINUTE,
    },
    /** Passwords tried to delete an account, so a stolen access token cannot guess its way to erasing it. */
    'account-delete:user': {
      per: 'user',
      limit: 5,
      windowSeconds: 15 * MINUTE,
      message: authMessages.tooManyAttempts,
    },
    'chat:user': { per: 'user', limit: 20, windowSeconds: MINUTE, message: chatMessages.rateLimited },
    'reminder:user': { per: 'user', limit: 30, windowSeconds: HOUR },
    'newsletter:ip': { per: 'address', limit: 20, windowSeconds: HOUR },
    'newsletter:email': {
      per: 'email',
      limit: 5,
      windowSeconds: HOUR,
      message: 'We have already sent several emails to this address. Please check your inbox.',
    },
    'survey:ip': {
      per: 'address',
      limit: 20,
      windowSeconds: HOUR,
      message: 'You have sent several surveys in a short time. Please try again later.',
    },
    // The contact and inquiry forms, then the join and volunteer forms.
    'contact:ip': { per: 'address', limit: 5, windowSeconds: 10 * MINUTE, message: contactMessages.tooMany },
    'contact:email': { per: 'email', limit: 3, windowSeconds: HOUR, message: contactMessages.tooMany },
    'community:ip': {
      per: 'address',
      limit: 5,
      windowSeconds: 10 * MINUTE,
      message: communityMessages.tooMany,
    },
    'community:email': { per: 'email', limit: 3, windowSeconds: HOUR, message: communityMessages.tooMany },
    'donations:manage': { per: 'address', limit: 60, windowSeconds: 10 * MINUTE },
    'payments:intent': {
      per: 'address',
      limit: 30,
      windowSeconds: 10 * MINUTE,
      message: 'Too many payment attempts. Please wait a few minutes.',
    },
    'payments:test-card': { per: 'address', limit: 60, windowSeconds: 10 * MINUTE },
    'store:order': {
      per: 'address',
      limit: 20,
      windowSeconds: 10 * MINUTE,
      message: 'Too many orders. Please wait a few minutes.',
    },
  } satisfies Record<string, Rule>;
};

type Rules = ReturnType<typeof rules>;

export type RateLimitName = keyof Rules;

/** The subjects a route can tell from its request alone. */
export type RouteSubject = Extract<Subject, 'address' | 'email' | 'user'>;

/** The rules a route may name in its options: those counted per address, email or user. */
export type RouteRateLimitName = {
  [Name in RateLimitName]: Rules[Name]['per'] extends RouteSubject ? Name : never;
}[RateLimitName];

const ruleNamed = (config: Config, name: RateLimitName): Rule => {
  const table: Record<RateLimitName, Rule> = rules(config);
  return table[name];
};

export const rateRule = (config: Config, name: RateLimitName): RateRule => {
  const { limit, windowSeconds, message } = ruleNamed(config, name);
  return { name, limit, windowSeconds, message };
};

/** What the named rule counts per. */
export const subjectOfRule = (config: Config, name: RateLimitName): Subject => ruleNamed(config, name).per;

/** Counts one hit of the named rule for its subject; past the rule's limit, throws its 429. */
export const limit = (
  deps: { config: Config; rateLimiter: RateLimiter },
  name: RateLimitName,
  subject: string,
) => deps.rateLimiter.hit(rateRule(deps.config, name), subject);
