/** What a chunk load needs from the browser; tests pass their own. */
export interface Network {
  isOnline: () => boolean;
  /** Resolves when the browser says it is back online. */
  online: () => Promise<void>;
  pause: (ms: number) => Promise<void>;
}

const browserNetwork: Network = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  online: () => new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true })),
  pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Failures while the browser says it is online before the load gives up: a chunk gone after a deploy. */
export const ONLINE_ATTEMPTS = 3;
const FIRST_PAUSE_MS = 1000;

/**
 * Loads a code chunk (a dynamic import) so that a lost connection only delays it: offline, it waits for
 * the browser to be back online and tries again, so a pilgrim who submits a form on a train sees the page
 * carry on and the part that needed the chunk (a toast, a menu) appears once the network returns. Online,
 * it tries a few times with a growing pause, then lets the error through.
 */
export const loadChunk =
  <T>(load: () => Promise<T>, network: Network = browserNetwork): (() => Promise<T>) =>
  async () => {
    for (let onlineFailures = 0; ; ) {
      try {
        return await load();
      } catch (error) {
        if (!network.isOnline()) {
          await network.online();
          continue;
        }
        onlineFailures += 1;
        if (onlineFailures >= ONLINE_ATTEMPTS) throw error;
        await network.pause(FIRST_PAUSE_MS * 2 ** (onlineFailures - 1));
      }
    }
  };
