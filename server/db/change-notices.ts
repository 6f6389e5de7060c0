import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './client.ts';

/** The one PostgreSQL channel every process listens on; a notice's payload names what changed. */
const CHANNEL = 'pilgrim_changes';
const RECONNECT_DELAY_MS = 1000;

/**
 * Word that some shared data changed (a topic such as `blog`), for the in-process caches of public reads.
 * A change is heard at once in the process that made it, and through PostgreSQL LISTEN/NOTIFY in every
 * other process on the same database. On PGlite there is only one process, so nothing goes further.
 */
export interface ChangeNotices {
  /** Tells every process that `topic` changed; call it after the write is committed. */
  publish(topic: string): Promise<void>;
  /** Calls `onChange` when `topic` changes, and when changes may have been missed (the listener reconnected). */
  subscribe(topic: string, onChange: () => void): void;
  /** Whether a change made in another process would be heard now; a cache keeps nothing while it is not. */
  hearsEveryChange(): boolean;
  close(): Promise<void>;
}

export const createChangeNotices = async (database: Database, logger: Logger): Promise<ChangeNotices> => {
  const subscribers = new Map<string, Set<() => void>>();
  const tell = (topic: string) => {
    for (const onChange of subscribers.get(topic) ?? []) onChange();
  };
  const tellEveryone = () => {
    for (const topic of subscribers.keys()) tell(topic);
  };
  const subscribe = (topic: string, onChange: () => void) => {
    const topicSubscribers = subscribers.get(topic) ?? new Set();
    topicSubscribers.add(onChange);
    subscribers.set(topic, topicSubscribers);
  };

  if (database.kind === 'pglite' || !database.connectionString) {
    return {
      publish: async (topic) => tell(topic),
      subscribe,
      hearsEveryChange: () => true,
      close: async () => {},
    };
  }

  const connectionString = database.connectionString;
  let listener: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  /** A lost listener may have missed notices: every cache forgets, and keeps nothing until it listens again. */
  const lose = (client: pg.Client, error?: Error) => {
    if (listener !== client) return;
    listener = null;
    listening = false;
    tellEveryone();
    client.end().catch(() => {});
    if (closed) return;
    logger.warn({ err: error }, 'change notices lost; public read caches are off until they return');
    retry = setTimeout(() => void listen(), RECONNECT_DELAY_MS);
  };

  const listen = async () => {
    const client = new pg.Client({ connectionString });
    listener = client;
    client.on('error', (error) => lose(client, error));
    client.on('end', () => lose(client));
    client.on('notification', (notice) => {
      if (notice.payload) tell(notice.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      lose(client, error as Error);
      return;
    }
    if (listener !== client) return;
    // Whatever changed while nobody listened is unknown, so every cache starts again.
    tellEveryone();
    listening = true;
  };

  await listen();

  return {
    publish: async (topic) => {
      tell(topic);
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${topic})`);
    },
    subscribe,
    hearsEveryChange: () => listening,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      listening = false;
      await client?.end();
    },
  };
};

/**
 * A value read from the database and kept in this process until its topic changes (or `maxAgeMs` passes,
 * a bound on staleness should a notice ever go astray). A read that overlaps a change is not kept, so a
 * cache never holds what was true before the last change it heard: a change drops the kept read, even
 * one still loading.
 */
export const cachedUntilChanged = <T>(
  notices: ChangeNotices,
  topic: string,
  load: () => Promise<T>,
  maxAgeMs = 60_000,
) => {
  // Requests that arrive while the value loads share that one read.
  let kept: { value: Promise<T>; until: number } | null = null;
  notices.subscribe(topic, () => {
    kept = null;
  });
  return (): Promise<T> => {
    if (kept && kept.until > performance.now()) return kept.value;
    const value = load();
    if (notices.hearsEveryChange()) {
      const entry = { value, until: performance.now() + maxAgeMs };
      kept = entry;
      value.catch(() => {
        if (kept === entry) kept = null;
      });
    }
    return value;
  };
};
