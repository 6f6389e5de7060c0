import type { Db, DbOrTx } from '../db/client.ts';
import type { PubSub } from '../db/pubsub.ts';
import type { TokenSubject } from '../http/access-tokens.ts';
import { type LiveSessions, liveSessionOwner } from './live-sessions.ts';

// One channel for every process and user: sign-ins end rarely, and one LISTEN per process costs less
// than one per open stream's user.
const SESSIONS_ENDED_CHANNEL = 'sessions_ended';

/** One sign-in of a user ended, or, without `sessionId`, every one of them. */
interface EndedSessions {
  userId: string;
  sessionId?: string;
}

/**
 * Tells every process, this one included, when `tx` commits: sent with the revocation, so neither
 * goes out without the other. Whatever a sign-in holds open (an event stream) closes on hearing it.
 */
export const announceSessionsEnded = (pubsub: PubSub, tx: DbOrTx, ended: EndedSessions) =>
  pubsub.publish(SESSIONS_ENDED_CHANNEL, JSON.stringify(ended), tx);

const ends = (ended: EndedSessions, subject: TokenSubject) =>
  ended.userId === subject.userId && (ended.sessionId ?? subject.sessionId) === subject.sessionId;

/**
 * Calls `onEnd`, once, when the sign-in ends in any process; answers the function that stops listening.
 * It listens first and then reads the session from the database (not the guard's cached answer): a
 * sign-in that ended after the caller checked it, but before the listening began, ends here too, at once.
 * Messages possibly missed while the listening connection was lost send it to the database again, and
 * should that read fail it ends: the client reconnects and is checked afresh.
 */
export const whenSessionEnds = async (
  deps: { pubsub: PubSub; db: Db },
  subject: TokenSubject,
  onEnd: () => void,
) => {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  const ownerOf = liveSessionOwner(deps.db);
  const isLive = async () => (await ownerOf(subject.sessionId)) === subject.userId;
  const stop = await deps.pubsub.subscribe(SESSIONS_ENDED_CHANNEL, (payload) => {
    if (payload === null) isLive().then((live) => live || end(), end);
    else if (ends(JSON.parse(payload) as EndedSessions, subject)) end();
  });
  try {
    if (!(await isLive())) end();
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
};

/**
 * Keeps this process's guard from trusting a sign-in another process ended: without it, a revoked
 * token would still pass here until its cached answer expired. Answers the function that stops it.
 */
export const forgetEndedSessions = (pubsub: PubSub, sessions: LiveSessions) =>
  pubsub.subscribe(SESSIONS_ENDED_CHANNEL, (payload) => {
    // A lost connection may have missed some: the cache's own few seconds bound what it trusts meanwhile.
    if (payload === null) return;
    const ended = JSON.parse(payload) as EndedSessions;
    if (ended.sessionId) sessions.forget(ended.sessionId);
    else sessions.forgetUser(ended.userId);
  });
