import { ApiError } from '#web/shared/http.ts';
import type { KeptItem, TakeKeeper } from './take-keeper.ts';
import { type Transport, tusTransport } from './tus-transport.ts';

/** What the pilgrim sees of a kept item on its way to the server. */
export type SendState = { step: 'uploading'; percent: number } | { step: 'waiting' };

const MAX_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s … then every 30 s. */
export const retryDelayMs = (attempt: number) => Math.min(MAX_DELAY_MS, 1000 * 2 ** attempt);

/**
 * A lost connection or a server briefly away is worth another try, and so is a locked upload (423: the
 * server is still closing an interrupted PATCH of it); a refusal (any other 4xx) is not.
 */
const isTransient = (error: unknown) =>
  error instanceof ApiError &&
  (error.network || error.status >= 500 || error.status === 429 || error.status === 423);

const aborted = () => new DOMException('The upload was stopped.', 'AbortError');

/** Waits out the back-off, or while the browser is offline until it is back; coming online cuts either short. */
const waitToRetry = (attempt: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const stop = () => {
      done();
      reject(aborted());
    };
    const timer = navigator.onLine ? setTimeout(done, retryDelayMs(attempt)) : undefined;
    window.addEventListener('online', done);
    signal?.addEventListener('abort', stop);
  });

/** The items being sent from this tab, so the page does not offer to finish them a second time. */
const sending = new Set<string>();
export const isSending = (id: string) => sending.has(id);

interface SendOptions {
  keeper: TakeKeeper;
  onState: (state: SendState) => void;
  /** Stops the retries (Discard); an upload already under way finishes. */
  signal?: AbortSignal;
  transport?: Transport;
  wait?: (attempt: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Sends a kept item until the server confirms it, retrying lost connections with back-off, then lets
 * the keeper forget it. A refusal by the server throws and leaves the item kept for the pilgrim to decide.
 */
export const sendUntilConfirmed = async (
  item: KeptItem,
  { keeper, onState, signal, transport = tusTransport(keeper), wait = waitToRetry }: SendOptions,
): Promise<string> => {
  sending.add(item.id);
  try {
    for (let attempt = 0; ; attempt += 1) {
      if (signal?.aborted) throw aborted();
      onState({ step: 'uploading', percent: 0 });
      try {
        const created = await transport(item, (percent) => onState({ step: 'uploading', percent }));
        await keeper.confirm(item.id);
        return created;
      } catch (error) {
        // Discarded while sending: the server dropped the upload, so its refusal is no news to the pilgrim.
        if (signal?.aborted) throw aborted();
        if (!isTransient(error)) throw error;
      }
      onState({ step: 'waiting' });
      await wait(attempt, signal);
    }
  } finally {
    sending.delete(item.id);
  }
};
