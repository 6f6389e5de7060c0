import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database, DbOrTx } from './client.ts';

/**
 * Told a message on its channel, or `null` when messages may have been missed (the listening
 * connection was lost and is back): the listener should read the current state again.
 */
export type ChannelListener = (payload: string | null) => void;

/**
 * Messages between the processes on one database (PostgreSQL's LISTEN/NOTIFY, which PGlite runs in
 * process too), so that what a worker does reaches a request held open by any web process.
 */
export interface PubSub {
  /** Sent when `db`'s transaction commits (at once outside one); payloads stay under 8000 bytes. */
  publish(channel: string, payload: string, db?: DbOrTx): Promise<void>;
  /** Listens until the answered function is called (which never fails). */
  subscribe(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /** How many listeners this process holds on a channel. */
  listenerCount(channel: string): number;
  close(): Promise<void>;
}

// An unquoted identifier: LISTEN takes no parameter, so a channel name is checked, never escaped.
const channelPattern = /^[a-z_][a-z0-9_]{0,62}$/;
const RECONNECT_DELAY_MS = 1000;

const checkChannel = (channel: string) => {
  if (!channelPattern.test(channel)) throw new Error(`not a channel name: ${channel}`);
};

/** The connection one process listens on: PGlite's own, or a dedicated PostgreSQL connection. */
interface ListeningConnection {
  listen(channel: string): Promise<void>;
  unlisten(channel: string): Promise<void>;
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
  // LISTEN and UNLISTEN run one at a time, in the order asked, so a quick subscribe-unsubscribe-subscribe stays listening.
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
      close: async () => {
        for (const stop of stops.values()) await stop();
        stops.clear();
      },
    };
  };

  const postgresConnection = (): ListeningConnection => {
    let client: Promise<pg.Client> | null = null;
    // Set when a connection in use was lost: whoever opens the next one tells every listener.
    let missed = false;
    const reconnectSoon = () => setTimeout(() => void reconnect(), RECONNECT_DELAY_MS);
    /** A connection listening on every channel with a listener. */
    const open = async (): Promise<pg.Client> => {
      const fresh = new pg.Client({ connectionString: database.connectionString });
      fresh.on('notification', ({ channel, payload }) => deliver(channel, payload ?? ''));
      let inUse = false;
      const lost = (error?: Error) => {
        // A failure while opening is the opener's to handle; only a connection in use is replaced.
        if (!inUse || closed) return;
        inUse = false;
        client = null;
        missed = true;
        logger.warn({ err: error }, 'the listening database connection was lost; reconnecting');
        reconnectSoon();
      };
      fresh.on('error', lost);
      fresh.on('end', () => lost());
      try {
        await fresh.connect();
        for (const channel of listeners.keys()) await fresh.query(`LISTEN ${channel}`);
      } catch (error) {
        await fresh.end().catch(() => {});
        throw error;
      }
      inUse = true;
      if (missed) {
        missed = false;
        for (const channel of listeners.keys()) deliver(channel, null);
      }
      return fresh;
    };
    const current = () => {
      client ??= open().catch((error: unknown) => {
        client = null;
        throw error;
      });
      return client;
    };
    const reconnect = () =>
      inTurn(async () => {
        if (closed || client) return;
        try {
          await current();
        } catch (error) {
          logger.warn({ err: error }, 'could not listen on the database yet; trying again');
          reconnectSoon();
        }
      });
    return {
      // LISTEN twice is harmless: a connection opened just now already listens on the channel.
      listen: async (channel) => {
        await (await current()).query(`LISTEN ${channel}`);
      },
      unlisten: async (channel) => {
        if (client) await (await client).query(`UNLISTEN ${channel}`);
      },
      close: async () => {
        const last = client;
        client = null;
        await (await last?.catch(() => null))?.end();
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
        const first = set.size === 0;
        set.add(listener);
        listeners.set(channel, set);
        if (!first) return;
        try {
          await connection.listen(channel);
        } catch (error) {
          set.delete(listener);
          if (set.size === 0) listeners.delete(channel);
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
          if (closed) return;
          // A connection that fails here is being replaced, and the new one listens only where there are listeners.
          await connection
            .unlisten(channel)
            .catch((error) => logger.warn({ err: error, channel }, 'could not stop listening on a channel'));
        });
    },
    listenerCount: (channel) => listeners.get(channel)?.size ?? 0,
    close: () =>
      inTurn(async () => {
        closed = true;
        listeners.clear();
        await connection.close();
      }),
  };
};
