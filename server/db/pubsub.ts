import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database, DbOrTx } from './client.ts';

/**
 * Told a message on its channel, or `null` when messages may have been missed (the listening
 * connection was lost and listens again): the listener should read the current state again.
 */
export type ChannelListener = (payload: string | null) => void;

/**
 * Messages between the processes on one database, through PostgreSQL's LISTEN/NOTIFY (which PGlite,
 * a single process, runs in process): what a worker does reaches a request held open by any web
 * process, and a write in one process reaches the caches of public reads in all of them.
 * A process listens on one connection, whatever the number of channels and listeners.
 */
export interface PubSub {
  /** Sent when `db`'s transaction commits (at once outside one); payloads stay under 8000 bytes. */
  publish(channel: string, payload: string, db?: DbOrTx): Promise<void>;
  /**
   * Listens until the answered function is called (which never fails). It answers once the channel is
   * listened on, or, while the connection is lost, once the listener will be told `null` when it is.
   */
  subscribe(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /** Whether a message published now, in any process, would reach this process: not while its connection is lost. */
  hearsEverything(): boolean;
  /** How many listeners this process holds on a channel. */
  listenerCount(channel: string): number;
  close(): Promise<void>;
}

// An unquoted identifier: LISTEN takes no parameter, so a channel name is checked, never escaped.
const channelPattern = /^[a-z_][a-z0-9_]{0,62}$/;
const RECONNECT_DELAY_MS = 1000;
/** How the listening connection names itself to PostgreSQL (`pg_stat_activity.application_name`). */
export const LISTENER_APPLICATION_NAME = 'pilgrim_soul_listener';

const checkChannel = (channel: string) => {
  if (!channelPattern.test(channel)) throw new Error(`not a channel name: ${channel}`);
};

/** The connection one process listens on: PGlite's own, or a dedicated PostgreSQL connection. */
interface ListeningConnection {
  listen(channel: string): Promise<void>;
  unlisten(channel: string): Promise<void>;
  isListening(): boolean;
  close(): Promise<void>;
}

export const createPubSub = (database: Database, logger: Logger): PubSub => {
  const listeners = new Map<string, Set<ChannelListener>>();
  const deliver = (channel: string, payload: string | null) => {
    for (const listener of listeners.get(channel) ?? []) {
      // One listener's failure must reach neither the others nor the connection delivering to them.
      try {
        listener(payload);
      } catch (error) {
        logger.error({ err: error, channel }, 'a database notification listener failed');
      }
    }
  };
  let closed = false;
  // Connecting, LISTEN and UNLISTEN run one at a time, in the order asked, so a quick
  // subscribe-unsubscribe-subscribe stays listening, and a channel added while connecting is listened on.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>) => {
    const next = queue.then(work);
    queue = next.catch(() => {});
    return next;
  };

  const pgliteConnection = (): ListeningConnection => {
    const pglite = database.pglite!;
    const stops = new Map<string, () => Promise<void>>();
    return {
      listen: async (channel) => {
        stops.set(channel, await pglite.listen(channel, (payload) => deliver(channel, payload)));
      },
      unlisten: async (channel) => {
        await stops.get(channel)?.();
        stops.delete(channel);
      },
      isListening: () => true,
      close: async () => {
        for (const stop of stops.values()) await stop();
        stops.clear();
      },
    };
  };

  /**
   * One connection, listening on every channel that has a listener. When it is lost, another is opened a
   * second later (and every second until one opens), and every listener is then told to read again,
   * since what was sent meanwhile is unknown.
   */
  const postgresConnection = (): ListeningConnection => {
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    const reconnectSoon = () => {
      if (!closed) retry = setTimeout(() => void inTurn(open), RECONNECT_DELAY_MS);
    };
    const lose = (lost: pg.Client, error?: Error) => {
      if (client !== lost) return;
      client = null;
      lost.end().catch(() => {});
      if (closed) return;
      logger.warn({ err: error }, 'the listening database connection was lost; reconnecting');
      reconnectSoon();
    };
    const open = async () => {
      if (closed || client) return;
      const fresh = new pg.Client({
        connectionString: database.connectionString,
        application_name: LISTENER_APPLICATION_NAME,
      });
      fresh.on('notification', ({ channel, payload }) => deliver(channel, payload ?? ''));
      fresh.on('error', (error) => lose(fresh, error));
      fresh.on('end', () => lose(fresh));
      try {
        await fresh.connect();
        for (const channel of listeners.keys()) await fresh.query(`LISTEN ${channel}`);
      } catch (error) {
        await fresh.end().catch(() => {});
        logger.warn({ err: error }, 'could not listen on the database yet; trying again');
        reconnectSoon();
        return;
      }
      if (closed) {
        await fresh.end();
        return;
      }
      client = fresh;
      for (const channel of listeners.keys()) deliver(channel, null);
    };
    void inTurn(open);
    /** A failure on the connection in use replaces it: the next one listens on every channel. */
    const query = async (text: string) => {
      const current = client;
      await current?.query(text).catch((error: Error) => lose(current, error));
    };
    return {
      listen: (channel) => query(`LISTEN ${channel}`),
      unlisten: (channel) => query(`UNLISTEN ${channel}`),
      isListening: () => client !== null,
      close: async () => {
        clearTimeout(retry);
        const last = client;
        client = null;
        await last?.end();
      },
    };
  };

  const connection = database.kind === 'pglite' ? pgliteConnection() : postgresConnection();

  return {
    publish: async (channel, payload, db = database.db) => {
      checkChannel(channel);
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    subscribe: async (channel, listener) => {
      checkChannel(channel);
      await inTurn(async () => {
        const set = listeners.get(channel) ?? new Set();
        set.add(listener);
        listeners.set(channel, set);
        if (set.size > 1) return;
        try {
          await connection.listen(channel);
        } catch (error) {
          listeners.delete(channel);
          throw error;
        }
      });
      let subscribed = true;
      return () =>
        inTurn(async () => {
          if (!subscribed) return;
          subscribed = false;
          const set = listeners.get(channel);
          set?.delete(listener);
          if (set?.size !== 0) return;
          listeners.delete(channel);
          if (!closed) await connection.unlisten(channel);
        });
    },
    hearsEverything: () => connection.isListening(),
    listenerCount: (channel) => listeners.get(channel)?.size ?? 0,
    close: () =>
      inTurn(async () => {
        closed = true;
        listeners.clear();
        await connection.close();
      }),
  };
};
