import type { PubSub } from './pubsub.ts';

export interface KeptRead<T> {
  /** The kept value, or a fresh read when nothing is kept. */
  read(): Promise<T>;
  /** Forgets the kept value here at once and tells every other process; call it after the write is committed. */
  changed(): Promise<void>;
}

/**
 * A value read from the database and kept in this process until a message on `channel` says it changed,
 * from this process or another (or until `maxAgeMs` passes, a bound on staleness should a message ever
 * go astray). Nothing is kept while a change made elsewhere could go unheard: before the channel is
 * listened on, and while the listening connection is lost. A read that overlaps a change is not kept,
 * so a cache never holds what was true before the last change it heard.
 */
export const cachedUntilChanged = <T>(
  pubsub: PubSub,
  channel: string,
  load: () => Promise<T>,
  maxAgeMs = 60_000,
): KeptRead<T> => {
  // Requests that arrive while the value loads share that one read.
  let kept: { value: Promise<T>; until: number } | null = null;
  let listening = false;
  void pubsub
    .subscribe(channel, () => {
      kept = null;
    })
    .then(() => {
      listening = true;
    });
  return {
    read: () => {
      const hearsEveryChange = listening && pubsub.hearsEverything();
      if (kept && kept.until > performance.now() && hearsEveryChange) return kept.value;
      const value = load();
      if (hearsEveryChange) {
        const entry = { value, until: performance.now() + maxAgeMs };
        kept = entry;
        value.catch(() => {
          if (kept === entry) kept = null;
        });
      }
      return value;
    },
    changed: async () => {
      kept = null;
      await pubsub.publish(channel, '');
    },
  };
};
