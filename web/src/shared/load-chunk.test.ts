import { describe, expect, it } from 'vitest';
import { loadChunk, type Network, ONLINE_ATTEMPTS } from './load-chunk.ts';

const chunk = { default: 'Toaster' };

/** A network whose state the test sets, recording the pauses it was asked for. */
const testNetwork = (state: { online: boolean }) => {
  const pauses: number[] = [];
  let backOnline: () => void = () => {};
  const network: Network = {
    isOnline: () => state.online,
    online: () =>
      new Promise((resolve) => {
        backOnline = resolve;
      }),
    pause: async (ms) => {
      pauses.push(ms);
    },
  };
  const goOnline = () => {
    state.online = true;
    backOnline();
  };
  return { network, pauses, goOnline };
};

/** A dynamic import that fails while `failing` says so. */
const importThatFails = (failing: () => boolean) => {
  let calls = 0;
  const load = async () => {
    calls += 1;
    if (failing()) throw new TypeError('Failed to fetch dynamically imported module');
    return chunk;
  };
  return { load, calls: () => calls };
};

describe('loading a chunk', () => {
  it('waits for the network to come back instead of failing while offline', async () => {
    const state = { online: false };
    const { network, pauses, goOnline } = testNetwork(state);
    const { load, calls } = importThatFails(() => !state.online);

    let loaded: unknown;
    const loading = loadChunk(load, network)().then((module) => {
      loaded = module;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(loaded).toBeUndefined();
    expect(calls()).toBe(1);

    goOnline();
    await loading;
    expect(loaded).toBe(chunk);
    expect(calls()).toBe(2);
    expect(pauses).toEqual([]);
  });

  it('retries a failure while online after a growing pause', async () => {
    let failures = 2;
    const { network, pauses } = testNetwork({ online: true });
    const { load, calls } = importThatFails(() => failures-- > 0);

    await expect(loadChunk(load, network)()).resolves.toBe(chunk);
    expect(calls()).toBe(3);
    expect(pauses).toEqual([1000, 2000]);
  });

  it('lets the error through when the chunk keeps failing while online', async () => {
    const { network } = testNetwork({ online: true });
    const { load, calls } = importThatFails(() => true);

    await expect(loadChunk(load, network)()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(calls()).toBe(ONLINE_ATTEMPTS);
  });
});
