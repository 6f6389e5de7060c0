import { sql } from 'drizzle-orm';
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

export interface RateLimiter {
  /** Counts one hit; throws TooMany once the window's limit is passed. */
  hit(rule: RateRule, subject: string): Promise<void>;
}

/**
 * A fixed-window counter in the database, so every process sees the same counts.
 * `scale` multiplies every limit (configuration raises it for load tests).
 */
export const createRateLimiter = (db: Db, scale = 1): RateLimiter => ({
  hit: async (rule, subject) => {
    const key = `${rule.name}:${subject}`;
    const windowEnd = sql`now() + make_interval(secs => ${rule.windowSeconds})`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt: windowEnd })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${windowEnd} else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    if (row && row.count > Math.ceil(rule.limit * scale)) {
      const retryAfter = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
      throw new TooMany(rule.message, retryAfter);
    }
  },
});
