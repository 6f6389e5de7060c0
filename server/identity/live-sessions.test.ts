import { describe, expect, it } from 'vitest';
import { createLiveSessions } from './live-sessions.ts';

const ann = '11111111-1111-4111-8111-111111111111';
const ben = '22222222-2222-4222-8222-222222222222';

/** A session table in memory that counts its reads, and a clock the test moves. */
const setup = (options: { maxEntries?: number } = {}) => {
  const owners = new Map<string, string>([
    ['s1', ann],
    ['s2', ann],
    ['s3', ben],
  ]);
  let reads = 0;
  let time = 1_000_000;
  const sessions = createLiveSessions(
    async (sessionId) => {
      reads += 1;
      return owners.get(sessionId) ?? null;
    },
    { cacheMs: 5_000, now: () => time, ...options },
  );
  return {
    sessions,
    owners,
    reads: () => reads,
    advance: (ms: number) => {
      time += ms;
    },
  };
};

describe('live sessions', () => {
  it('reads a session once per window, sharing one read among concurrent requests', async () => {
    const { sessions, reads, advance } = setup();
    expect(await Promise.all([sessions.isLive('s1', ann), sessions.isLive('s1', ann)])).toEqual([true, true]);
    expect(await sessions.isLive('s1', ann)).toBe(true);
    expect(reads()).toBe(1);
    advance(5_001);
    expect(await sessions.isLive('s1', ann)).toBe(true);
    expect(reads()).toBe(2);
  });

  it('sees a revocation made elsewhere when the window ends, and one made here at once', async () => {
    const { sessions, owners, advance } = setup();
    expect(await sessions.isLive('s1', ann)).toBe(true);
    owners.delete('s1');
    expect(await sessions.isLive('s1', ann)).toBe(true);
    advance(5_001);
    expect(await sessions.isLive('s1', ann)).toBe(false);

    expect(await sessions.isLive('s2', ann)).toBe(true);
    owners.delete('s2');
    sessions.forget('s2');
    expect(await sessions.isLive('s2', ann)).toBe(false);
  });

  it('forgets every session of one account and keeps the others', async () => {
    const { sessions, owners, reads } = setup();
    await Promise.all([sessions.isLive('s1', ann), sessions.isLive('s2', ann), sessions.isLive('s3', ben)]);
    owners.clear();
    sessions.forgetUser(ann);
    expect(await sessions.isLive('s1', ann)).toBe(false);
    expect(await sessions.isLive('s2', ann)).toBe(false);
    expect(await sessions.isLive('s3', ben)).toBe(true);
    expect(reads()).toBe(5);
  });

  it('refuses a session that belongs to someone else, or that does not exist', async () => {
    const { sessions } = setup();
    expect(await sessions.isLive('s3', ann)).toBe(false);
    expect(await sessions.isLive('s3', ben)).toBe(true);
    expect(await sessions.isLive('unknown', ann)).toBe(false);
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const { sessions, reads } = setup({ maxEntries: 2 });
    await sessions.isLive('s1', ann);
    await sessions.isLive('s2', ann);
    await sessions.isLive('s3', ben);
    expect(reads()).toBe(3);
    await sessions.isLive('s3', ben);
    await sessions.isLive('s2', ann);
    expect(reads()).toBe(3);
    await sessions.isLive('s1', ann);
    expect(reads()).toBe(4);
  });

  it('does not remember a failed read', async () => {
    let fail = true;
    const sessions = createLiveSessions(async () => {
      if (fail) throw new Error('database unavailable');
      return ann;
    });
    await expect(sessions.isLive('s1', ann)).rejects.toThrow('database unavailable');
    fail = false;
    expect(await sessions.isLive('s1', ann)).toBe(true);
  });
});
