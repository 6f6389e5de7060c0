import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '#test/s3-bucket.ts';
import { makeClip, storyClient } from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { tusClient } from '#test/tus.ts';
import { createUser } from '#test/users.ts';

describe(`resumable uploads into an S3 bucket, on ${process.env.TEST_DB}`, () => {
  let bucket: TestBucket;
  let testApp: TestApp;
  let take: Buffer;

  beforeAll(async () => {
    bucket = await startTestBucket();
    testApp = await createTestApp(bucket.env);
    const work = await mkdtemp(path.join(tmpdir(), 'soul-story-media-'));
    await makeClip(path.join(work, 'a.webm'), { seconds: 1, colour: 'red' });
    take = await readFile(path.join(work, 'a.webm'));
    await rm(work, { recursive: true, force: true });
  }, 300_000);

  afterAll(async () => {
    await testApp?.close();
    await bucket?.close();
  });

  it('receives a take in pieces into the bucket, saves the memory, and its media URL plays it', async () => {
    const tus = await tusClient(testApp.app);
    const { headers: auth } = await createUser(testApp);
    const created = await tus.create(auth, { type: 'joy' }, take.length);
    expect(created.status, created.error).toBe(201);
    const location = created.headers.get('location')!;
    const id = location.split('/').at(-1)!;

    const third = Math.ceil(take.length / 3);
    let last: Awaited<ReturnType<typeof tus.patch>> | undefined;
    for (let offset = 0; offset < take.length; offset += third) {
      last = await tus.patch(auth, location, offset, take.subarray(offset, offset + third));
      expect(last.status, last.error).toBe(204);
      if (offset === 0) {
        const head = await tus.head(auth, location);
        expect(head.headers.get('upload-offset')).toBe(String(third));
      }
    }
    const itemId = last!.headers.get('upload-item-id');
    const [memory] = (await storyClient(testApp).get('/api/soulstories/', auth)).json();
    expect(memory).toMatchObject({ id: itemId, type: 'joy' });

    const media = await testApp.app.inject({ method: 'GET', url: memory.media_url });
    expect(media.statusCode).toBe(302);
    const played = await fetch(String(media.headers.location));
    expect(played.status).toBe(200);
    expect(Buffer.from(await played.arrayBuffer()).equals(take)).toBe(true);
    // The memory holds the bytes; the upload's own objects are gone from the bucket.
    expect((await testApp.deps.storage.list('upload-')).filter((key) => key.startsWith(id))).toEqual([]);
  });

  it('takes a whole take in its creation, answers 201 with the memory’s id, and keeps none of the upload', async () => {
    const tus = await tusClient(testApp.app);
    const { headers: auth } = await createUser(testApp);
    const created = await tus.createWith(auth, { type: 'call' }, take);
    expect(created.status, created.error).toBe(201);
    expect(created.headers.get('upload-offset')).toBe(String(take.length));
    const itemId = created.headers.get('upload-item-id');
    expect((await storyClient(testApp).get('/api/soulstories/', auth)).json()).toEqual([
      expect.objectContaining({ id: itemId, type: 'call' }),
    ]);
    const id = created.headers.get('location')!.split('/').at(-1)!;
    expect((await testApp.deps.storage.list('upload-')).filter((key) => key.startsWith(id))).toEqual([]);
  });
});
