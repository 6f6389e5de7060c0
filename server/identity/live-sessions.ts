import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from './tables.ts';

/**
 * Whether a sign-in is still live, asked by the auth guard on every authenticated request. Answers
 * are kept in this process for a few seconds, so a busy pilgrim costs one primary-key read per
 * window, not one per request. A revocation is forgotten at once, in every process: another process's
 * is heard through pub/sub (`forgetEndedSessions`), and seen when the window ends should that message
 * be missed.
 */
export interface LiveSessions {
  isLive(sessionId: string, userId: string): Promise<boolean>;
  /** Call after revoking a session (once the revocation is committed). */
  forget(sessionId: string): void;
  /** Call after revoking every session of an account (once the revocation is committed). */
  forgetUser(userId: string): void;
}

export interface LiveSessionsOptions {
  /** How long an answer is trusted; another process's revocation is seen within this window. */
  cacheMs?: number;
  /** At most this many sessions are remembered; the oldest answer is dropped first. */
  maxEntries?: number;
  now?: () => number;
}

/** The owner of a session that has not been revoked, or null. */
export type SessionOwnerLookup = (sessionId: string) => Promise<string | null>;

export const liveSessionOwner =
  (db: Db): SessionOwnerLookup =>
  async (sessionId) => {
    const [row] = await db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .limit(1);
    return row?.userId ?? null;
  };

interface Entry {
  expiresAt: number;
  /** Shared by concurrent requests of the same session, so a burst costs one read. */
  owner: Promise<string | null>;
  /** The owner once the read has answered. */
  settled?: { owner: string | null };
}

export const createLiveSessions = (
  ownerOf: SessionOwnerLookup,
  { cacheMs = 5_000, maxEntries = 10_000, now = () => Date.now() }: LiveSessionsOptions = {},
): LiveSessions => {
  const entries = new Map<string, Entry>();
  const lookup = (sessionId: string) => {
    const cached = entries.get(sessionId);
    if (cached && cached.expiresAt > now()) return cached.owner;
    entries.delete(sessionId);
    if (entries.size >= maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest answer.
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    const entry: Entry = { expiresAt: now() + cacheMs, owner: ownerOf(sessionId) };
    entry.owner.then(
      (owner) => {
        entry.settled = { owner };
      },
      // A failed read is not remembered: the next request asks again.
      () => {
        if (entries.get(sessionId) === entry) entries.delete(sessionId);
      },
    );
    entries.set(sessionId, entry);
    return entry.owner;
  };
  return {
    isLive: async (sessionId, userId) => (await lookup(sessionId)) === userId,
    forget: (sessionId) => {
      entries.delete(sessionId);
    },
    forgetUser: (userId) => {
      for (const [sessionId, entry] of entries) {
        // A read still under way may have seen the session before the revocation: drop it too.
        if (!entry.settled || entry.settled.owner === userId) entries.delete(sessionId);
      }
    },
  };
};
