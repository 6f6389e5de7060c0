import { describe, expect, it } from 'vitest';
import { type KeptItem, takeKeeperFor } from './take-keeper.ts';

const take = (id: string, keptAt: number): KeptItem => ({
  id,
  type: 'joy',
  title: 'The Joy',
  fileName: 'The_Joy.webm',
  blob: new Blob(['take']),
  keptAt,
});

// Node has no IndexedDB, like a browser that refuses it: the keeper falls back to the tab's memory.
describe('takeKeeperFor without IndexedDB', () => {
  it('keeps items in memory, oldest first, until confirmed or discarded', async () => {
    const keeper = takeKeeperFor('ana@example.com');
    expect(await keeper.keep(take('later', 2))).toBe('in-memory');
    expect(await keeper.keep(take('earlier', 1))).toBe('in-memory');
    expect((await keeper.pending()).map((item) => item.id)).toEqual(['earlier', 'later']);
    await keeper.confirm('earlier');
    await keeper.discard('later');
    expect(await keeper.pending()).toEqual([]);
  });

  it('remembers the upload URL of a kept item, so sending it again resumes there', async () => {
    const keeper = takeKeeperFor('dora@example.com');
    await keeper.keep(take('resumable', 1));
    await keeper.remember('resumable', '/api/uploads/abc');
    expect((await keeper.pending()).map((item) => item.uploadUrl)).toEqual(['/api/uploads/abc']);
  });

  it('grows a take kept while recording chunk by chunk, and offers nothing before its first chunk', async () => {
    const keeper = takeKeeperFor('eli@example.com');
    await keeper.keep({
      ...take('recording', 1),
      blob: new Blob([], { type: 'video/webm' }),
      deferredLength: true,
    });
    expect(await keeper.pending()).toEqual([]);
    await keeper.append('recording', new Blob(['first ']));
    await keeper.append('recording', new Blob(['second']));
    const [kept] = await keeper.pending();
    expect(await kept?.blob.text()).toBe('first second');
    expect(kept?.blob.type).toBe('video/webm');
  });

  it('shows each pilgrim only their own items, whatever the case of the address', async () => {
    await takeKeeperFor('Bea@example.com').keep(take('bea', 1));
    expect(await takeKeeperFor('carl@example.com').pending()).toEqual([]);
    expect((await takeKeeperFor('bea@example.com').pending()).map((item) => item.id)).toEqual(['bea']);
  });
});
