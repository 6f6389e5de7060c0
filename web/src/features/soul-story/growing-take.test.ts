import { describe, expect, it } from 'vitest';
import { GrowingTake } from './growing-take.ts';
import { uploadedPercent } from './recording-upload.ts';

const text = async (slice: Promise<{ value: Blob; done: boolean }>) => {
  const { value, done } = await slice;
  return { bytes: await value.text(), done };
};

/** Whether a read is still waiting after everything already queued has run. */
const stillWaiting = async (read: Promise<unknown>) => {
  const waiting = Symbol('waiting');
  return (
    (await Promise.race([read, new Promise((resolve) => setTimeout(() => resolve(waiting), 10))])) === waiting
  );
};

describe('GrowingTake', () => {
  it('gives what is recorded from any offset, at most up to the end asked for', async () => {
    const take = new GrowingTake('video/webm');
    take.append(new Blob(['abc']));
    take.append(new Blob(['defg']));
    expect(take.size).toBe(7);
    expect(await text(take.slice(0, 5))).toEqual({ bytes: 'abcde', done: false });
    expect(await text(take.slice(5, 100))).toEqual({ bytes: 'fg', done: false });
    // A resume after a lost connection reads again from the server's offset.
    expect(await text(take.slice(2, 4))).toEqual({ bytes: 'cd', done: false });
    expect(take.blob.type).toBe('video/webm');
  });

  it('waits for the next chunk when everything recorded was read', async () => {
    const take = new GrowingTake('video/webm');
    take.append(new Blob(['abc']));
    const next = take.slice(3, 100);
    expect(await stillWaiting(next)).toBe(true);
    take.append(new Blob(['de']));
    expect(await text(next)).toEqual({ bytes: 'de', done: false });
  });

  it('tells the end only once saved, not when recording stops', async () => {
    const take = new GrowingTake('video/webm');
    take.append(new Blob(['abc']));
    take.stop();
    take.append(new Blob(['late']));
    expect(take.size).toBe(3);
    const end = take.slice(3, 100);
    expect(await stillWaiting(end)).toBe(true);
    take.seal();
    expect(await text(end)).toEqual({ bytes: '', done: true });
  });

  it('sends the last bytes with the end when saved before they were read', async () => {
    const take = new GrowingTake('video/webm');
    take.append(new Blob(['abcdef']));
    take.seal();
    expect(await text(take.slice(0, 4))).toEqual({ bytes: 'abcd', done: false });
    expect(await text(take.slice(4, 8))).toEqual({ bytes: 'ef', done: true });
  });

  it('ends a waiting read when discarded', async () => {
    const take = new GrowingTake('video/webm');
    const next = take.slice(0, 100);
    take.cancel();
    await expect(next).rejects.toThrow('The take was discarded.');
  });
});

describe('uploadedPercent', () => {
  it('is the share of the recorded bytes the server holds, in whole percent', () => {
    const progress = { waiting: false, inMemory: false };
    expect(uploadedPercent({ ...progress, recordedBytes: 0, confirmedBytes: 0 })).toBe(0);
    expect(uploadedPercent({ ...progress, recordedBytes: 1000, confirmedBytes: 805 })).toBe(80);
    expect(uploadedPercent({ ...progress, recordedBytes: 1000, confirmedBytes: 1000 })).toBe(100);
  });
});
