import { readdir } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { Upload as TusUpload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, MAX_VIDEO_BYTES, soulStoryMessages as messages } from '#contract/soul-story.ts';
import { uploadMessages } from '#contract/uploads.ts';
import { makeTestMedia, storyClient } from '#test/soul-stories.ts';
import { createTestApp, serverBeside, type TestApp } from '#test/test-app.ts';
import { type TusClient, tusClient } from '#test/tus.ts';
import { createUser } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';
import { EXPIRE_JOB } from './service.ts';
import { resumableUploads } from './tables.ts';

/** Cuts a file into `count` pieces of about equal size. */
const chunksOf = (file: Buffer, count: number) => {
  const size = Math.ceil(file.length / count);
  return Array.from({ length: count }, (_, index) => file.subarray(index * size, (index + 1) * size));
};

describe(`resumable uploads on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let tus: TusClient;
  let files: Record<string, Buffer>;

  beforeAll(async () => {
    testApp = await createTestApp();
    files = await makeTestMedia();
    tus = await tusClient(testApp.app);
  }, 300_000);

  afterAll(() => testApp.close());

  const memories = async (auth: Record<string, string>, app = testApp.app) =>
    (await app.inject({ method: 'GET', url: '/api/soulstories/', headers: auth })).json() as {
      id: string;
      type: string;
    }[];
  const storedUploads = async () => readdir(testApp.deps.config.uploadsDir).catch(() => []);

  it('takes a reflection in several PATCHes, tells the offset, saves one memory and answers its id, even when the last PATCH is sent again', async () => {
    const pilgrim = await createUser(testApp);
    const take = files['a.webm']!;
    const created = await tus.create(pilgrim.headers, { type: 'joy', title: '' }, take.length);
    expect(created.status, created.error).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/upload-[0-9a-f]{32}$/);

    const [first, ...rest] = chunksOf(take, 3);
    expect((await tus.patch(pilgrim.headers, location, 0, first!)).status).toBe(204);
    const head = await tus.head(pilgrim.headers, location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(first!.length));
    expect(head.headers.get('upload-length')).toBe(String(take.length));

    const secondOffset = first!.length;
    expect((await tus.patch(pilgrim.headers, location, secondOffset, rest[0]!)).status).toBe(204);
    const finalOffset = secondOffset + rest[0]!.length;
    const final = await tus.patch(pilgrim.headers, location, finalOffset, rest[1]!);
    expect(final.status, final.error).toBe(204);
    expect(final.headers.get('upload-offset')).toBe(String(take.length));
    const itemId = final.headers.get('upload-item-id');
    expect(itemId).toBeTruthy();

    const saved = await memories(pilgrim.headers);
    expect(saved).toEqual([expect.objectContaining({ id: itemId, type: 'joy', title: 'The Joy' })]);

    // The client lost the answer and sends the last PATCH again: same answer, no second memory.
    const retried = await tus.patch(pilgrim.headers, location, finalOffset, rest[1]!);
    expect(retried.status).toBe(204);
    expect(retried.headers.get('upload-item-id')).toBe(itemId);
    expect(retried.headers.get('upload-offset')).toBe(String(take.length));
    const afterwards = await tus.head(pilgrim.headers, location);
    expect(afterwards.headers.get('upload-item-id')).toBe(itemId);
    expect(afterwards.headers.get('upload-offset')).toBe(String(take.length));
    expect(await memories(pilgrim.headers)).toHaveLength(1);
    // The memory holds the bytes now; the upload keeps none.
    expect(await storedUploads()).not.toContain(location.split('/').at(-1));
  });

  it('works with tus-js-client: a take sent in chunks becomes one memory, whose id the last answer names', async () => {
    const pilgrim = await createUser(testApp);
    const take = files['a.mp4']!;
    let itemId: string | undefined;
    const accepted: number[] = [];
    await new Promise<void>((resolve, reject) => {
      new TusUpload(take, {
        endpoint: `${tus.base}/api/uploads/`,
        chunkSize: Math.ceil(take.length / 4),
        headers: pilgrim.headers,
        metadata: { type: 'what_found_you', title: '' },
        storeFingerprintForResuming: false,
        onChunkComplete: (_chunk, bytesAccepted) => accepted.push(bytesAccepted),
        onAfterResponse: (_request, response) => {
          itemId ??= response.getHeader('Upload-Item-Id');
        },
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });
    expect(accepted).toHaveLength(4);
    expect(accepted.at(-1)).toBe(take.length);
    expect(await memories(pilgrim.headers)).toEqual([
      expect.objectContaining({ id: itemId, type: 'what_found_you' }),
    ]);
  });

  it('works with tus-js-client’s creation-with-upload: a photo sent in its creation becomes one memory', async () => {
    const pilgrim = await createUser(testApp);
    const photo = files['a.jpg']!;
    let itemId: string | undefined;
    await new Promise<void>((resolve, reject) => {
      new TusUpload(photo, {
        endpoint: `${tus.base}/api/uploads/`,
        uploadDataDuringCreation: true,
        headers: pilgrim.headers,
        metadata: { type: 'photo', title: 'Portomarín', idempotency_key: 'photo-portomarin' },
        storeFingerprintForResuming: false,
        onSuccess: ({ lastResponse }) => {
          itemId = lastResponse.getHeader('Upload-Item-Id');
          resolve();
        },
        onError: reject,
      }).start();
    });
    expect(itemId).toBeTruthy();
    expect(await memories(pilgrim.headers)).toEqual([
      expect.objectContaining({ id: itemId, type: 'photo', title: 'Portomarín' }),
    ]);
  });

  it('terminates an upload: what was received is deleted and the upload is gone', async () => {
    const pilgrim = await createUser(testApp);
    const created = await tus.create(pilgrim.headers, { type: 'call' }, files['a.webm']!.length);
    expect(created.status, created.error).toBe(201);
    const location = created.headers.get('location')!;
    const id = location.split('/').at(-1)!;
    await tus.patch(pilgrim.headers, location, 0, files['a.webm']!.subarray(0, 1000));
    expect((await storedUploads()).some((name) => name.startsWith(id))).toBe(true);

    expect((await tus.terminate(pilgrim.headers, location)).status).toBe(204);
    expect((await storedUploads()).some((name) => name.startsWith(id))).toBe(false);
    const gone = await tus.head(pilgrim.headers, location);
    expect(gone.status).toBe(404);
    expect(await memories(pilgrim.headers)).toEqual([]);
  });

  it('takes a photo of deferred length, its length declared with the last bytes', async () => {
    const pilgrim = await createUser(testApp);
    const photo = files['a.jpg']!;
    const created = await tus.create(pilgrim.headers, { type: 'photo', title: 'Finisterre' });
    expect(created.status, created.error).toBe(201);
    const location = created.headers.get('location')!;
    const [first, second] = chunksOf(photo, 2);
    expect((await tus.patch(pilgrim.headers, location, 0, first!)).status).toBe(204);
    const final = await tus.patch(pilgrim.headers, location, first!.length, second!, {
      'upload-length': String(photo.length),
    });
    expect(final.status, final.error).toBe(204);
    expect(await memories(pilgrim.headers)).toEqual([
      expect.objectContaining({
        id: final.headers.get('upload-item-id'),
        type: 'photo',
        title: 'Finisterre',
      }),
    ]);
  });

  it('answers 401 without a token and 404 for another pilgrim’s upload', async () => {
    const owner = await createUser(testApp);
    const other = await createUser(testApp);
    const created = await tus.create(owner.headers, { type: 'joy' }, files['a.webm']!.length);
    const location = created.headers.get('location')!;

    const anonymous = await tus.create({}, { type: 'joy' }, 10);
    expect(anonymous.status).toBe(401);
    expect(anonymous.error).toBeTruthy();
    expect((await tus.head({}, location)).status).toBe(401);
    expect((await tus.head({ authorization: 'Bearer expired.or.forged' }, location)).status).toBe(401);

    expect((await tus.head(other.headers, location)).status).toBe(404);
    for (const answer of [
      await tus.patch(other.headers, location, 0, Buffer.from('x')),
      await tus.terminate(other.headers, location),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.error).toBe(uploadMessages.notFound);
    }
    expect((await tus.head(owner.headers, location)).headers.get('upload-offset')).toBe('0');
  });

  it('refuses an unknown type, and a size over the type’s limit at creation and while growing, in the spec’s words', async () => {
    const pilgrim = await createUser(testApp);
    const unknown = await tus.create(pilgrim.headers, { type: 'holiday' }, 10);
    expect(unknown.status).toBe(400);
    expect(unknown.error).toBe(messages.typeInvalid);

    const video = await tus.create(pilgrim.headers, { type: 'joy' }, MAX_VIDEO_BYTES + 1);
    expect(video.status).toBe(413);
    expect(video.error).toBe(messages.videoTooLarge);
    const photo = await tus.create(pilgrim.headers, { type: 'photo', title: 'Big' }, MAX_PHOTO_BYTES + 1);
    expect(photo.status).toBe(413);
    expect(photo.error).toBe(messages.photoTooLarge);

    const growing = await tus.create(pilgrim.headers, { type: 'photo', title: 'Growing' });
    const location = growing.headers.get('location')!;
    expect((await tus.patch(pilgrim.headers, location, 0, Buffer.alloc(1024))).status).toBe(204);
    const declared = await tus.patch(pilgrim.headers, location, 1024, Buffer.alloc(0), {
      'upload-length': String(MAX_PHOTO_BYTES + 1),
    });
    expect(declared.status).toBe(413);
    expect(declared.error).toBe(messages.photoTooLarge);
    const tooMuch = await tus.patch(pilgrim.headers, location, 1024, Buffer.alloc(MAX_PHOTO_BYTES));
    expect(tooMuch.status).toBe(413);
    expect(tooMuch.error).toBe(messages.photoTooLarge);
    expect((await tus.head(pilgrim.headers, location)).headers.get('upload-offset')).toBe('1024');
  });

  it('refuses a fourth photo like the multipart route, at creation and when a photo arrived meanwhile', async () => {
    const pilgrim = await createUser(testApp);
    const { upload } = storyClient(testApp);
    for (const title of ['One', 'Two'])
      expect(
        (
          await upload(
            pilgrim.headers,
            { type: 'photo', title },
            { content: files['a.png']!, filename: 'a.png' },
          )
        ).statusCode,
      ).toBe(201);
    const photo = files['a.jpg']!;
    const pending = await tus.create(pilgrim.headers, { type: 'photo', title: 'Three by tus' }, photo.length);
    expect(pending.status).toBe(201);
    expect(
      (
        await upload(
          pilgrim.headers,
          { type: 'photo', title: 'Three' },
          { content: files['a.png']!, filename: 'a.png' },
        )
      ).statusCode,
    ).toBe(201);

    const refusedAtCreation = await tus.create(
      pilgrim.headers,
      { type: 'photo', title: 'Four' },
      photo.length,
    );
    expect(refusedAtCreation.status).toBe(409);
    expect(refusedAtCreation.error).toBe(messages.photoLimit);

    const location = pending.headers.get('location')!;
    const refusedAtEnd = await tus.patch(pilgrim.headers, location, 0, photo);
    expect(refusedAtEnd.status).toBe(409);
    expect(refusedAtEnd.error).toBe(messages.photoLimit);
    expect(await memories(pilgrim.headers)).toHaveLength(3);
    expect((await tus.head(pilgrim.headers, location)).status).toBe(404);
  });

  it('replaces a take sent by tus when the same prompt comes through the multipart route', async () => {
    const pilgrim = await createUser(testApp);
    const take = files['a.webm']!;
    const created = await tus.create(pilgrim.headers, { type: 'suffering' }, take.length);
    const final = await tus.patch(pilgrim.headers, created.headers.get('location')!, 0, take);
    expect(final.status, final.error).toBe(204);
    const again = await storyClient(testApp).upload(
      pilgrim.headers,
      { type: 'suffering' },
      { content: files['a.mp4']!, filename: 'a.mp4' },
    );
    expect(again.statusCode).toBe(201);
    const saved = await memories(pilgrim.headers);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.type).toBe('suffering');
  });

  it('removes an unfinished upload once it is a day old', async () => {
    const pilgrim = await createUser(testApp);
    const created = await tus.create(pilgrim.headers, { type: 'what_found_you' }, files['a.webm']!.length);
    const location = created.headers.get('location')!;
    const id = location.split('/').at(-1)!;
    await tus.patch(pilgrim.headers, location, 0, files['a.webm']!.subarray(0, 500));
    const fresh = await tus.create(pilgrim.headers, { type: 'joy' }, files['a.webm']!.length);

    await testApp.deps.db
      .update(resumableUploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(resumableUploads.id, id));
    await testApp.deps.queue.send(EXPIRE_JOB, { uploadId: id });
    await waitFor(storedUploads, (names) => !names.some((name) => name.startsWith(id)));
    expect((await tus.head(pilgrim.headers, location)).status).toBe(404);
    expect((await tus.head(pilgrim.headers, fresh.headers.get('location')!)).status).toBe(200);
  });

  it('resumes after the server restarts: HEAD tells the offset and the rest completes', async () => {
    const pilgrim = await createUser(testApp);
    const take = files['a.mp4']!;
    const created = await tus.create(pilgrim.headers, { type: 'call' }, take.length);
    const location = created.headers.get('location')!;
    const half = Math.floor(take.length / 2);
    expect((await tus.patch(pilgrim.headers, location, 0, take.subarray(0, half))).status).toBe(204);

    // The first server stops; a new one is built on the same data folder and database.
    await testApp.app.close();
    const restarted = await serverBeside(testApp);
    try {
      const client = await tusClient(restarted.app);
      const head = await client.head(pilgrim.headers, location);
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(half));
      const final = await client.patch(pilgrim.headers, location, half, take.subarray(half));
      expect(final.status, final.error).toBe(204);
      expect(await memories(pilgrim.headers, restarted.app)).toEqual([
        expect.objectContaining({ id: final.headers.get('upload-item-id'), type: 'call' }),
      ]);
    } finally {
      await restarted.close();
    }
  });
});
