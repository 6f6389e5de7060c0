import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { TooMany } from './errors.ts';
import { rateLimits } from './rate-limit-table.ts';

export interface RateRule {
  /** What is limited, e.g. 'login:ip'; the subject (an IP, an email) is added per call. */
  name: string;
  limit: number;
  windowSeconds: number;
  message?: string;
}

export interface RateCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** The rule's limit, scaled. */
  limit: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts one hit; throws TooMany once the window's limit is passed. */
  hit(rule: RateRule, subject: string): Promise<void>;
  /** Counts one hit and answers the window's count, for callers whose answer weighs more than one rule. */
  count(rule: RateRule, subject: string): Promise<RateCount>;
  /** Takes back a hit of the current window: an attempt that proved allowed, such as a right password. */
  undo(rule: RateRule, subject: string): Promise<void>;
}

const keyOf = (rule: RateRule, subject: string) => `${rule.name}:${subject}`;

/** A count past its limit, as the error the one error handler answers with 429 and Retry-After. */
export const tooMany = (rule: RateRule, counted: RateCount) =>
  new TooMany(rule.message, counted.retryAfter, rule.name);

/**
 * A fixed-window counter in the database, so every process sees the same counts.
 * `scale` multiplies every limit (configuration raises it for load tests).
 */
export const createRateLimiter = (db: Db, scale = 1): RateLimiter => {
  const count = async (rule: RateRule, subject: string): Promise<RateCount> => {
    const windowEnd = sql`now() + make_interval(secs => ${rule.windowSeconds})`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key: keyOf(rule, subject), count: 1, resetAt: windowEnd })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${windowEnd} else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    return {
      count: row?.count ?? 1,
      limit: Math.ceil(rule.limit * scale),
      retryAfter: Math.max(1, Math.ceil(((row?.resetAt.getTime() ?? Date.now()) - Date.now()) / 1000)),
    };
  };
  return {
    count,
    hit: async (rule, subject) => {
      const counted = await count(rule, subject);
      if (counted.count > counted.limit) throw tooMany(rule, counted);
    },
    undo: async (rule, subject) => {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(and(eq(rateLimits.key, keyOf(rule, subject)), gt(rateLimits.resetAt, sql`now()`)));
    },
  };
};
