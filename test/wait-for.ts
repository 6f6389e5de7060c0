import { vi } from 'vitest';

/**
 * Reads again and again until `done` accepts what was read, and answers that value: for work that
 * finishes in the background (jobs, mail, media). On timeout it fails with the last value read.
 */
export const waitFor = <T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000) =>
  vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: timeoutMs, interval: 100 },
  );
