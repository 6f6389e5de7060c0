import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExportResponse } from '#contract/account.ts';
import { MAX_CAPTIONS_BYTES, soulStoryMessages as messages } from '#contract/soul-story.ts';
import { listFiles, makeTestMedia, type StoryClient, storyClient } from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createUser, newUserDetails, signUp } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';
import { readZip } from '#test/zip.ts';

/** Captions for a take of one second: two cues, the last ending with it. */
const vtt = 'WEBVTT\n\n1\n00:00.000 --> 00:00.500\nBuen Camino\n\n2\n00:00.500 --> 00:01.000\n¡Ultreia!\n';

describe(`a take’s captions on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let files: Record<string, Buffer>;
  let upload: StoryClient['upload'];
  let get: StoryClient['get'];

  beforeAll(async () => {
    testApp = await createTestApp();
    files = await makeTestMedia();
    ({ upload, get } = storyClient(testApp));
  }, 300_000);
  afterAll(() => testApp.close());

  const captionsUrl = (id: string) => `/api/soulstory/${id}/captions/`;
  const putCaptions = (auth: Record<string, string>, id: string, payload: object | string) =>
    testApp.app.inject({
      method: 'PUT',
      url: captionsUrl(id),
      headers: { ...auth, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const takeOf = async (auth: Record<string, string>, type = 'call') => {
    const response = await upload(auth, { type }, { content: files['a.webm']! });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; media_url: string; captions_url: string | null };
  };
  const listed = async (auth: Record<string, string>, id: string) =>
    ((await get('/api/soulstories/', auth)).json() as { id: string; captions_url: string | null }[]).find(
      (item) => item.id === id,
    );
  const storedCaptions = async (userId: string) =>
    (await listFiles(path.join(testApp.deps.config.mediaDir, 'soul-stories', userId))).filter((file) =>
      file.endsWith('.vtt'),
    );

  it('answers 401 without a token and documents both routes', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const response = await testApp.app.inject({
        method,
        url: captionsUrl('00000000-0000-0000-0000-000000000000'),
      });
      expect(response.statusCode, method).toBe(401);
      expect(response.json().error).toBeTruthy();
    }
    const document = (await get('/api/openapi.json')).json();
    expect(Object.keys(document.paths['/api/soulstory/{id}/captions/'])).toEqual(
      expect.arrayContaining(['get', 'put']),
    );
  });

  it('keeps the pilgrim’s captions, reads them back and lists a signed link to the .vtt', async () => {
    const pilgrim = await createUser(testApp);
    const take = await takeOf(pilgrim.headers);
    expect(take.captions_url).toBeNull();
    const none = await get(captionsUrl(take.id), pilgrim.headers);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(messages.captionsNotFound);

    const saved = await putCaptions(pilgrim.headers, take.id, { language: 'es', vtt });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'es', vtt, source: 'pilgrim' });
    const read = await get(captionsUrl(take.id), pilgrim.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ language: 'es', vtt, source: 'pilgrim' });

    const item = await listed(pilgrim.headers, take.id);
    expect(item!.captions_url).toMatch(/^\/media\/\d+\/[\w-]+\/soul-stories\/.+\.vtt$/);
    const file = await get(item!.captions_url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(file.body).toBe(vtt);

    // Saved again (the language tag in any case): the new words replace the old, file and all.
    const again = 'WEBVTT\n\n00:00.100 --> 00:00.900\nBuen Camino, peregrino\n';
    const replaced = await putCaptions(pilgrim.headers, take.id, { language: 'PT-br', vtt: again });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual({ language: 'pt-BR', vtt: again, source: 'pilgrim' });
    expect(await storedCaptions(pilgrim.id)).toHaveLength(1);
    const newUrl = (await listed(pilgrim.headers, take.id))!.captions_url!;
    expect(newUrl).not.toBe(item!.captions_url);
    expect((await get(newUrl)).body).toBe(again);
    expect((await get(item!.captions_url!)).statusCode).toBe(404);
  });

  it('refuses a file that is not WebVTT, saying which line is wrong, and keeps nothing', async () => {
    const pilgrim = await createUser(testApp);
    const take = await takeOf(pilgrim.headers);
    const noHeader = await putCaptions(pilgrim.headers, take.id, {
      language: 'en',
      vtt: '00:00.000 --> 00:01.000\nHello\n',
    });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json()).toMatchObject({
      error: messages.captionsInvalid(1, 'No valid signature. (File needs to start with "WEBVTT".)'),
      field: 'vtt',
    });
    const badTime = await putCaptions(pilgrim.headers, take.id, {
      language: 'en',
      vtt: 'WEBVTT\n\n00:00.000 --> 00:0x.500\nHello\n',
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().error).toBe(messages.captionsInvalid(3, 'Must be exactly two digits.'));

    const badLanguage = await putCaptions(pilgrim.headers, take.id, { language: 'English!', vtt });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json().error).toBe(messages.captionsLanguage);
    const missing = await putCaptions(pilgrim.headers, take.id, { language: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(messages.captionsRequired);
    const notJson = await putCaptions(pilgrim.headers, take.id, 'WEBVTT');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toBeTruthy();

    expect((await get(captionsUrl(take.id), pilgrim.headers)).statusCode).toBe(404);
    expect(await storedCaptions(pilgrim.id)).toEqual([]);
  });

  it('refuses a cue that ends after the take, and captions too large to keep', async () => {
    const pilgrim = await createUser(testApp);
    const take = await takeOf(pilgrim.headers);
    const late = await putCaptions(pilgrim.headers, take.id, {
      language: 'en',
      vtt: `${vtt}\n00:01.000 --> 00:05.000\nStill talking\n`,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatch(
      /^A caption on line 11 ends at 00:05\.000, after the reflection ends \(/,
    );

    const large = `${vtt}\nNOTE ${'x'.repeat(MAX_CAPTIONS_BYTES)}\n`;
    const tooLarge = await putCaptions(pilgrim.headers, take.id, { language: 'en', vtt: large });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error).toBe(messages.captionsTooLarge);
    // A body far beyond any captions is not even read.
    const huge = await putCaptions(pilgrim.headers, take.id, {
      language: 'en',
      vtt: `${vtt}\nNOTE ${'x'.repeat(8 * MAX_CAPTIONS_BYTES)}\n`,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBeTruthy();
    expect(await storedCaptions(pilgrim.id)).toEqual([]);
  });

  it('answers 404 for another pilgrim’s take, a photo, or a memory that does not exist', async () => {
    const owner = await createUser(testApp);
    const other = await createUser(testApp);
    const take = await takeOf(owner.headers);
    expect((await putCaptions(owner.headers, take.id, { language: 'en', vtt })).statusCode).toBe(200);

    const read = await get(captionsUrl(take.id), other.headers);
    expect(read.statusCode).toBe(404);
    expect(read.json().error).toBe(messages.notFound);
    const write = await putCaptions(other.headers, take.id, { language: 'en', vtt });
    expect(write.statusCode).toBe(404);
    expect(write.json().error).toBe(messages.notFound);
    expect((await get(captionsUrl(take.id), owner.headers)).json().vtt).toBe(vtt);

    const photo = (
      await upload(
        owner.headers,
        { type: 'photo', title: 'Finisterre' },
        { content: files['a.jpg']!, filename: 'a.jpg' },
      )
    ).json();
    expect(photo.captions_url).toBeNull();
    const photoCaptions = await get(captionsUrl(photo.id), owner.headers);
    expect(photoCaptions.statusCode).toBe(404);
    expect(photoCaptions.json().error).toBe(messages.captionsPhoto);
    expect((await putCaptions(owner.headers, photo.id, { language: 'en', vtt })).statusCode).toBe(404);

    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-memory']) {
      expect((await get(captionsUrl(id), owner.headers)).statusCode).toBe(404);
      expect((await putCaptions(owner.headers, id, { language: 'en', vtt })).statusCode).toBe(404);
    }
  });

  it('go with the take: a new take of the prompt, or deleting the memory, removes them', async () => {
    const pilgrim = await createUser(testApp);
    const take = await takeOf(pilgrim.headers);
    expect((await putCaptions(pilgrim.headers, take.id, { language: 'en', vtt })).statusCode).toBe(200);
    const oldUrl = (await listed(pilgrim.headers, take.id))!.captions_url!;

    const again = await takeOf(pilgrim.headers);
    expect(again.id).toBe(take.id);
    expect(again.captions_url).toBeNull();
    expect((await listed(pilgrim.headers, take.id))!.captions_url).toBeNull();
    expect((await get(captionsUrl(take.id), pilgrim.headers)).statusCode).toBe(404);
    expect((await get(oldUrl)).statusCode).toBe(404);
    expect(await storedCaptions(pilgrim.id)).toEqual([]);

    expect((await putCaptions(pilgrim.headers, take.id, { language: 'en', vtt })).statusCode).toBe(200);
    const [stored] = await storedCaptions(pilgrim.id);
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/soulstory/${take.id}/delete/`,
      headers: pilgrim.headers,
    });
    expect(deleted.statusCode).toBe(200);
    await expect(access(stored!)).rejects.toThrow();
    expect((await get(captionsUrl(take.id), pilgrim.headers)).statusCode).toBe(404);
  });

  it('are in the data export beside their take, and go with the account', async () => {
    const pilgrim = await signUp(testApp, newUserDetails());
    const { userId } = (await testApp.deps.tokens.verify(pilgrim.access))!;
    const take = await takeOf(pilgrim.headers);
    expect((await putCaptions(pilgrim.headers, take.id, { language: 'es', vtt })).statusCode).toBe(200);

    const exportUrl = '/api/account/export/';
    expect(
      (await testApp.app.inject({ method: 'POST', url: exportUrl, headers: pilgrim.headers })).statusCode,
    ).toBe(202);
    const ready = await waitFor(
      async () =>
        (
          await testApp.app.inject({ method: 'GET', url: exportUrl, headers: pilgrim.headers })
        ).json() as AccountExportResponse,
      (found) => found.status === 'ready',
      60_000,
    );
    const zip = await readZip((await get(ready.download_url!)).rawPayload);
    const [memory] = JSON.parse(zip.get('memories/memories.json')!.toString('utf8'));
    expect(memory).toMatchObject({
      type: 'call',
      file: '01 The Call.webm',
      captions: { file: '01 The Call.es.vtt', language: 'es', source: 'pilgrim' },
    });
    expect(zip.get('memories/01 The Call.es.vtt')!.toString('utf8')).toBe(vtt);

    expect(await storedCaptions(userId)).toHaveLength(1);
    const gone = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/account/',
      headers: pilgrim.headers,
      payload: { password: pilgrim.password },
    });
    expect(gone.statusCode).toBeLessThan(300);
    expect(await storedCaptions(userId)).toEqual([]);
  });
});
