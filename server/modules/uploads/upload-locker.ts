import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { AppDeps } from '#server/deps.ts';

/** Word to whichever process holds an upload's lock that another request waits for it. */
const RELEASE_CHANNEL = 'upload_lock_release';
const RETRY_MS = 100;
/** How long a request waits for another to let go before it is refused (tus's own default). */
const ACQUIRE_TIMEOUT_MS = 30_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * One request at a time writes an upload, whichever web process it reaches: a PostgreSQL advisory
 * lock per upload, held for the request. A request that finds the lock taken asks its holder to let
 * go, as tus expects (the holder stops reading its body and keeps what it wrote), in this process
 * directly and in the others through LISTEN/NOTIFY, then tries again until the holder has let go.
 */
export const createUploadLocker = (
  deps: Pick<AppDeps, 'advisoryLocks' | 'pubsub' | 'logger'>,
  acquireTimeoutMs = ACQUIRE_TIMEOUT_MS,
): Locker => {
  /** The uploads whose lock a request of this process holds (or is taking), and how to ask it to let go. */
  const held = new Map<string, RequestRelease>();
  let listening: Promise<unknown> | undefined;
  const listen = () => {
    listening ??= deps.pubsub
      .subscribe(RELEASE_CHANNEL, (id) => {
        if (id) void held.get(id)?.();
      })
      .catch((error: unknown) => {
        listening = undefined;
        deps.logger.warn({ err: error }, 'could not listen for upload lock requests');
      });
    return listening;
  };

  const askToRelease = async (id: string) => {
    const local = held.get(id);
    if (local) await local();
    else
      await deps.pubsub
        .publish(RELEASE_CHANNEL, id)
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not ask for an upload lock'));
  };

  return {
    newLock: (id: string): Lock => {
      let release: (() => Promise<void>) | undefined;
      return {
        lock: async (signal, requestRelease) => {
          await listen();
          const waiting = new AbortController();
          const stop = () => waiting.abort();
          signal.addEventListener('abort', stop, { once: true });
          const timer = setTimeout(stop, acquireTimeoutMs);
          let asked = false;
          try {
            while (!waiting.signal.aborted) {
              if (!held.has(id)) {
                held.set(id, requestRelease);
                const advisory = await deps.advisoryLocks.tryLock(`tus-upload:${id}`).catch((error) => {
                  held.delete(id);
                  throw error;
                });
                if (advisory) {
                  release = () => advisory.release();
                  return;
                }
                held.delete(id);
              }
              if (!asked) {
                asked = true;
                await askToRelease(id);
              }
              await sleep(RETRY_MS, waiting.signal);
            }
            throw ERRORS.ERR_LOCK_TIMEOUT;
          } finally {
            clearTimeout(timer);
            signal.removeEventListener('abort', stop);
          }
        },
        unlock: async () => {
          if (!release) throw new Error('Releasing an unlocked lock!');
          const letGo = release;
          release = undefined;
          held.delete(id);
          await letGo();
        },
      };
    },
  };
};
