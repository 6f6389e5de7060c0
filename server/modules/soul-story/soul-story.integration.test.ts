import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soulStoryMessages as messages } from '#contract/soul-story.ts';
import {
  heicBytes,
  listFiles,
  makeTestMedia,
  paddedFile,
  type StoryClient,
  storyClient,
} from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createUser } from '#test/users.ts';
import { countMemories } from './index.ts';

describe(`Soul Stories API on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let media: string;
  const userMedia = (userId: string) => path.join(media, 'soul-stories', userId);
  let files: Record<string, Buffer>;
  let upload: StoryClient['upload'];
  let get: StoryClient['get'];

  beforeAll(async () => {
    testApp = await createTestApp();
    media = testApp.deps.config.mediaDir;
    files = await makeTestMedia();
    ({ upload, get } = storyClient(testApp));
  }, 300_000);

  afterAll(() => testApp.close());

  it('answers 401 to every signed-in route without a token', async () => {
    const calls = [
      ['GET', '/api/soulstories/'],
      ['GET', '/api/soulstory/completed-prompts/'],
      ['POST', '/api/soulstory/upload/'],
      ['POST', '/api/soulstories/reorder/'],
      ['DELETE', '/api/soulstory/00000000-0000-0000-0000-000000000000/delete/'],
      ['GET', '/api/soulstory/concatenated/'],
      ['POST', '/api/soulstory/share/'],
      ['DELETE', '/api/soulstory/share/'],
    ] as const;
    for (const [method, url] of calls) {
      const response = await testApp.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error).toBeTruthy();
    }
  });

  it('documents every route in the OpenAPI document', async () => {
    const paths = Object.keys((await get('/api/openapi.json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/soulstories/',
        '/api/soulstory/completed-prompts/',
        '/api/soulstory/upload/',
        '/api/soulstories/reorder/',
        '/api/soulstory/{id}/delete/',
        '/api/soulstory/concatenated/',
        '/api/soulstory/share/',
        '/api/soulstory/shared/{token}/',
      ]),
    );
  });

  it('saves a take with its prompt as title and serves it behind a signed URL with Range', async () => {
    const { id, headers: auth } = await createUser(testApp);
    const response = await upload(auth, { type: 'call', title: 'ignored' }, { content: files['a.webm']! });
    expect(response.statusCode).toBe(201);
    const item = response.json();
    expect(item).toMatchObject({ title: 'The Call', type: 'call' });
    expect(item.media_url).toMatch(/^\/media\/\d+\/[\w-]+\/soul-stories\/.+\.webm$/);

    const list = await get('/api/soulstories/', auth);
    expect(list.json()).toEqual([item]);
    expect((await get('/api/soulstory/completed-prompts/', auth)).json()).toEqual({
      completed_prompts: ['call'],
    });

    const ranged = await testApp.app.inject({
      method: 'GET',
      url: item.media_url,
      headers: { range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(100);
    expect(ranged.rawPayload.equals(files['a.webm']!.subarray(0, 100))).toBe(true);
    const tampered = item.media_url.replace(
      /\/media\/(\d+)\/[\w-]+\//,
      '/media/$1/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/',
    );
    expect((await get(tampered)).statusCode).toBe(404);

    const notifications = await get('/api/notifications/', auth);
    expect(notifications.json()[0]).toMatchObject({ title: 'The Call: reflection saved', read: false });
    expect(await countMemories(testApp.deps.db, id)).toBe(1);
  });

  it('replaces a prompt’s earlier take when it is recorded again, removing the old file', async () => {
    const { headers: auth } = await createUser(testApp);
    const first = (await upload(auth, { type: 'joy' }, { content: files['a.webm']! })).json();
    const second = await upload(auth, { type: 'joy' }, { content: files['a.mp4']!, filename: 'joy.mp4' });
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.id);
    expect(second.json().media_url).toMatch(/\.mp4$/);
    const list = (await get('/api/soulstories/', auth)).json();
    expect(list).toHaveLength(1);
    expect((await get(first.media_url)).statusCode).toBe(404);
  });

  it('checks the content, not the name: a renamed non-video, HEIC and non-images are refused and leave nothing behind', async () => {
    const { id, headers: auth } = await createUser(testApp);
    const renamed = await upload(
      auth,
      { type: 'call' },
      { content: Buffer.from('not a video at all '.repeat(400)), filename: 'take.webm' },
    );
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().error).toBe(messages.videoFormat);
    const photoAsVideo = await upload(
      auth,
      { type: 'call' },
      { content: files['a.jpg']!, filename: 'take.webm' },
    );
    expect(photoAsVideo.statusCode).toBe(415);
    const heic = await upload(
      auth,
      { type: 'photo', title: 'Phone' },
      { content: heicBytes(), filename: 'IMG_1.jpg' },
    );
    expect(heic.statusCode).toBe(415);
    expect(heic.json().error).toBe(messages.heicRefused);
    const videoAsPhoto = await upload(
      auth,
      { type: 'photo', title: 'Clip' },
      { content: files['a.webm']!, filename: 'a.jpg' },
    );
    expect(videoAsPhoto.statusCode).toBe(415);
    expect(videoAsPhoto.json().error).toBe(messages.onlyImages);
    expect(await listFiles(userMedia(id))).toEqual([]);
    expect(await countMemories(testApp.deps.db, id)).toBe(0);
  });

  it('validates the fields', async () => {
    const { headers: auth } = await createUser(testApp);
    const noTitle = await upload(
      auth,
      { type: 'photo', title: '   ' },
      { content: files['a.jpg']!, filename: 'a.jpg' },
    );
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ error: messages.photoTitleRequired, field: 'title' });
    const badType = await upload(auth, { type: 'sorrow' }, { content: files['a.webm']! });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toMatchObject({ error: messages.typeInvalid, field: 'type' });
    const longTitle = await upload(
      auth,
      { type: 'photo', title: 'x'.repeat(101) },
      { content: files['a.jpg']! },
    );
    expect(longTitle.statusCode).toBe(400);
    expect(longTitle.json().field).toBe('title');
    const noFile = await upload(auth, { type: 'call' }, null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ error: messages.mediaRequired, field: 'media' });
  });

  it('takes three photos of any accepted format and refuses a fourth', async () => {
    const { headers: auth } = await createUser(testApp);
    for (const [name, title] of [
      ['a.jpg', 'Sunrise at O Cebreiro'],
      ['a.png', 'My boots'],
      ['a.webp', 'Santiago'],
    ] as const) {
      const response = await upload(
        auth,
        { type: 'photo', title },
        { content: files[name]!, filename: name },
      );
      expect(response.statusCode, name).toBe(201);
      expect(response.json().media_url).toMatch(new RegExp(`\\.${name.split('.')[1]}$`));
    }
    const fourth = await upload(
      auth,
      { type: 'photo', title: 'One more' },
      { content: files['a.jpg']!, filename: 'b.jpg' },
    );
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toBe(messages.photoLimit);
    expect((await get('/api/soulstories/', auth)).json()).toHaveLength(3);
  });

  it('refuses a photo over 15 MB and a video over 250 MB while streaming, keeping nothing', async () => {
    const { id, headers: auth } = await createUser(testApp);
    const bigPhoto = await upload(
      auth,
      { type: 'photo', title: 'Huge' },
      {
        content: paddedFile(files['a.jpg']!, 15 * 1024 * 1024 + 1),
        filename: 'huge.jpg',
      },
    );
    expect(bigPhoto.statusCode).toBe(413);
    expect(bigPhoto.json().error).toBe(messages.photoTooLarge);
    const bigVideo = await upload(
      auth,
      { type: 'call' },
      { content: paddedFile(files['a.webm']!, 250 * 1024 * 1024 + 1) },
    );
    expect(bigVideo.statusCode).toBe(413);
    expect(bigVideo.json().error).toBe(messages.videoTooLarge);
    expect(await listFiles(userMedia(id))).toEqual([]);
  });

  it('refuses a video longer than ten minutes', async () => {
    const { headers: auth } = await createUser(testApp);
    const response = await upload(auth, { type: 'suffering' }, { content: files['long.webm']! });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: messages.videoTooLong, field: 'media' });
    expect((await get('/api/soulstories/', auth)).json()).toEqual([]);
  });

  it('keeps nothing of a truncated upload', async () => {
    const { id, headers: auth } = await createUser(testApp);
    const response = await upload(
      auth,
      { type: 'call' },
      { content: files['a.webm']! },
      { truncateAfterBytes: 9000 },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(messages.uploadIncomplete);
    expect(await listFiles(userMedia(id))).toEqual([]);
    expect((await get('/api/soulstories/', auth)).json()).toEqual([]);
  });

  it('reorders only the user’s own ids, each exactly once', async () => {
    const owner = await createUser(testApp);
    const other = await createUser(testApp);
    const a = (await upload(owner.headers, { type: 'call' }, { content: files['a.webm']! })).json();
    const b = (
      await upload(owner.headers, { type: 'photo', title: 'Path' }, { content: files['a.jpg']! })
    ).json();
    const foreign = (await upload(other.headers, { type: 'call' }, { content: files['a.webm']! })).json();
    const reorder = (auth: Record<string, string>, ids: string[]) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/soulstories/reorder/',
        headers: auth,
        payload: { story_ids: ids },
      });

    expect((await reorder(owner.headers, [b.id, a.id])).json()).toEqual({ ok: true });
    expect(
      (await get('/api/soulstories/', owner.headers)).json().map((item: { id: string }) => item.id),
    ).toEqual([b.id, a.id]);
    expect((await reorder(owner.headers, [b.id, foreign.id])).statusCode).toBe(404);
    expect((await reorder(owner.headers, [b.id, 'not-a-uuid'])).statusCode).toBe(404);
    const missing = await reorder(owner.headers, [b.id]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: messages.reorderMismatch, field: 'story_ids' });
    expect((await reorder(owner.headers, [b.id, b.id])).statusCode).toBe(400);
    expect((await reorder(owner.headers, [])).statusCode).toBe(400);
    expect(
      (await get('/api/soulstories/', owner.headers)).json().map((item: { id: string }) => item.id),
    ).toEqual([b.id, a.id]);
  });

  it('deletes only the user’s own memory, with its file; another user’s is 404', async () => {
    const owner = await createUser(testApp);
    const other = await createUser(testApp);
    const item = (
      await upload(owner.headers, { type: 'photo', title: 'Bridge' }, { content: files['a.jpg']! })
    ).json();
    const del = (auth: Record<string, string>, id: string) =>
      testApp.app.inject({ method: 'DELETE', url: `/api/soulstory/${id}/delete/`, headers: auth });
    expect((await del(other.headers, item.id)).statusCode).toBe(404);
    expect((await del(owner.headers, 'nonsense')).statusCode).toBe(404);
    expect((await get('/api/soulstories/', owner.headers)).json()).toHaveLength(1);
    const deleted = await del(owner.headers, item.id);
    expect(deleted.statusCode).toBe(200);
    expect((await get('/api/soulstories/', owner.headers)).json()).toEqual([]);
    expect((await get(item.media_url)).statusCode).toBe(404);
    expect((await del(owner.headers, item.id)).statusCode).toBe(404);
  });
});
