import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/shared/http.ts';
import { retryDelayMs, type SendState, sendUntilConfirmed } from './send-kept.ts';
import { type KeptItem, takeKeeperFor } from './take-keeper.ts';
import type { Transport } from './tus-transport.ts';

const item: KeptItem = {
  id: 'take-1',
  type: 'joy',
  title: 'The Joy',
  fileName: 'The_Joy.webm',
  blob: new Blob(['take']),
  keptAt: 1,
};
const created = 'story-1';
const offline = new ApiError('Network error', { network: true });

/** A transport that answers each call with the next outcome: an error to throw, or the created memory's id. */
const answering = (...outcomes: (Error | string)[]): Transport => {
  const queue = [...outcomes];
  return async (_item, onProgress) => {
    const outcome = queue.shift();
    if (outcome instanceof Error) throw outcome;
    onProgress(100);
    return outcome ?? created;
  };
};

describe('retryDelayMs', () => {
  it('doubles from one second up to thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('sendUntilConfirmed', () => {
  it('waits and retries while the connection is lost or the upload locked, then forgets the confirmed item', async () => {
    const keeper = takeKeeperFor('retry@example.com');
    await keeper.keep(item);
    const states: SendState[] = [];
    const waits: number[] = [];
    const answer = await sendUntilConfirmed(item, {
      keeper,
      onState: (state) => states.push(state),
      transport: answering(
        offline,
        new ApiError('', { status: 503 }),
        new ApiError('', { status: 423 }),
        created,
      ),
      wait: async (attempt) => {
        waits.push(attempt);
      },
    });
    expect(answer).toBe(created);
    expect(waits).toEqual([0, 1, 2]);
    expect(states.map((state) => state.step)).toEqual([
      'uploading',
      'waiting',
      'uploading',
      'waiting',
      'uploading',
      'waiting',
      'uploading',
      'uploading',
    ]);
    expect(await keeper.pending()).toEqual([]);
  });

  it('stops at a refusal and keeps the item for the pilgrim to decide', async () => {
    const keeper = takeKeeperFor('refused@example.com');
    await keeper.keep(item);
    const refusal = new ApiError('Videos can be at most 500 MB.', { status: 413 });
    await expect(
      sendUntilConfirmed(item, { keeper, onState: () => undefined, transport: answering(refusal) }),
    ).rejects.toBe(refusal);
    expect(await keeper.pending()).toEqual([item]);
  });

  it('stops retrying when the pilgrim discards', async () => {
    const keeper = takeKeeperFor('discard@example.com');
    const controller = new AbortController();
    const sending = sendUntilConfirmed(item, {
      keeper,
      onState: () => undefined,
      signal: controller.signal,
      transport: answering(offline, offline),
      wait: async () => controller.abort(),
    });
    await expect(sending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
