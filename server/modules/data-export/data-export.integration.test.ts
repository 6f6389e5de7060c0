import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountExportResponse, exportMessages } from '#contract/account.ts';
import { createMediaSigner } from '#server/media/signed-urls.ts';
import * as schema from '#server/schema.ts';
import { makeClip, makePhoto, storyClient } from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { newUserDetails, signUp, uploadAvatar } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';
import { readZip } from '#test/zip.ts';
import { addNotification } from '../notifications/index.ts';
import * as soulStories from '../soul-story/repository.ts';
import { keepsakeKeysFor } from '../soul-story/service.ts';
import { EXPIRE_JOB } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe(`exporting an account's data on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let clip: Buffer;
  let photo: Buffer;

  beforeAll(async () => {
    testApp = await createTestApp();
    const work = await mkdtemp(path.join(tmpdir(), 'export-test-'));
    await makeClip(path.join(work, 'take.webm'), { seconds: 1, colour: 'red' });
    await makePhoto(path.join(work, 'photo.jpg'));
    clip = await readFile(path.join(work, 'take.webm'));
    photo = await readFile(path.join(work, 'photo.jpg'));
    await rm(work, { recursive: true, force: true });
  });
  afterAll(() => testApp.close());

  const call = (method: 'GET' | 'POST', headers: Record<string, string>) =>
    testApp.app.inject({ method, url: '/api/account/export/', headers });
  const statusOf = async (headers: Record<string, string>) =>
    (await call('GET', headers)).json() as AccountExportResponse;
  const download = (url: string) => testApp.app.inject({ method: 'GET', url });
  const readyExport = (headers: Record<string, string>) =>
    waitFor(
      () => statusOf(headers),
      (found) => found.status === 'ready',
      60_000,
    );
  const filesOf = async (ready: AccountExportResponse) =>
    readZip((await download(ready.download_url!)).rawPayload);

  /** A pilgrim with a record in every place the export reaches, each made the way the app makes it. */
  const pilgrimWithEverything = async () => {
    const pilgrim = await signUp(testApp, newUserDetails());
    const { userId } = (await testApp.deps.tokens.verify(pilgrim.access))!;
    const { upload } = storyClient(testApp);
    expect((await upload(pilgrim.headers, { type: 'call' }, { content: clip })).statusCode).toBe(201);
    expect(
      (
        await upload(
          pilgrim.headers,
          { type: 'photo', title: 'Sarria: the bridge?' },
          { content: photo, filename: 'a.jpg' },
        )
      ).statusCode,
    ).toBe(201);

    const keepsake = randomBytes(4096);
    const { version } = await soulStories.bumpVersion(testApp.deps.db, userId);
    const keys = keepsakeKeysFor(userId, version);
    await testApp.deps.storage.write(keys.videoKey, keepsake);
    await testApp.deps.storage.write(keys.posterKey, randomBytes(256));
    await soulStories.publishKeepsake(testApp.deps.db, userId, version, {
      ...keys,
      videoCrc32: crc32(keepsake),
      captionsKey: null,
      captionsLanguage: null,
    });

    await testApp.deps.db.insert(schema.chatMessages).values([
      {
        userId,
        role: 'user',
        content: 'Where do I sleep in Sarria?',
        createdAt: new Date(Date.now() - 2000),
      },
      {
        userId,
        role: 'assistant',
        content: 'The albergue by the river has beds.',
        createdAt: new Date(Date.now() - 1000),
      },
    ]);
    await addNotification(testApp.deps.db, { userId, title: 'Buen Camino', message: 'Day one' });

    const survey = await testApp.app.inject({
      method: 'POST',
      url: '/api/survey/submit/',
      headers: pilgrim.headers,
      payload: {
        overallExperience: 5,
        websiteDesign: 4,
        easeOfUse: 3,
        usedVela: 'no',
        usedSoulStory: 'no',
        whatWorkedWell: 'Vela at night in Sarria',
      },
    });
    expect(survey.statusCode).toBe(201);

    expect(
      (
        await testApp.app.inject({
          method: 'POST',
          url: '/api/newsletter/subscribe/',
          payload: { email: pilgrim.email, optIn: true },
        })
      ).statusCode,
    ).toBeLessThan(300);

    const pay = (clientSecret: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/payments/test/confirm/',
        payload: { clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
      });
    const gift = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { amount: 25, currency: 'gbp', frequency: 'one-time', email: pilgrim.email },
      })
    ).json();
    expect((await pay(gift.clientSecret)).statusCode).toBe(200);
    const order = await testApp.app.inject({
      method: 'POST',
      url: '/api/store/orders/',
      payload: {
        productId: 'tee-shirt',
        size: 'M',
        quantity: 1,
        name: 'Ana Peregrina',
        email: pilgrim.email,
        address: { line1: 'Rúa do Franco 1', city: 'Santiago', postalCode: '15705', country: 'Spain' },
      },
    });
    expect(order.statusCode).toBe(201);
    expect((await pay(order.json().clientSecret)).statusCode).toBe(200);
    // Both receipts are sent once the payments are recorded: the export then holds both as paid.
    await waitFor(
      async () => (await testApp.outbox()).filter((message) => message.to === pilgrim.email),
      (found) => found.length >= 3,
    );
    return { ...pilgrim, userId, keepsake };
  };

  it('builds one zip with every record and file of the account, announces it, and serves it only by its signed link', async () => {
    const pilgrim = await pilgrimWithEverything();
    expect(await statusOf(pilgrim.headers)).toMatchObject({ status: 'none', download_url: null });

    const first = await call('POST', pilgrim.headers);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ status: 'queued', download_url: null, expires_at: null });
    // Asked again while it is being made: the same export, not a second one.
    const again = await call('POST', pilgrim.headers);
    expect(again.statusCode).toBe(202);
    expect(['queued', 'building', 'ready']).toContain(again.json().status);
    expect(again.json().requested_at).toBe(first.json().requested_at);

    const ready = await readyExport(pilgrim.headers);
    const rows = await testApp.deps.db
      .select()
      .from(schema.accountExports)
      .where(eq(schema.accountExports.userId, pilgrim.userId));
    expect(rows).toHaveLength(1);
    expect(new Date(ready.expires_at!).getTime() - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(new Date(ready.expires_at!).getTime() - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);
    expect(ready.download_url).toMatch(/^\/media\/\d+\/[\w-]+\/exports\/.+\.zip$/);

    const response = await download(ready.download_url!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(ready.size_bytes).toBe(response.rawPayload.length);
    const files = await readZip(response.rawPayload);
    const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));

    expect(json('profile.json')).toMatchObject({
      email: pilgrim.email,
      username: pilgrim.username,
      nationality_code: 'ES',
    });
    const memories = json('memories/memories.json') as { title: string; type: string; file: string }[];
    expect(memories.map(({ type, file }) => ({ type, file }))).toEqual([
      { type: 'call', file: expect.stringMatching(/^01 .+\.webm$/) },
      { type: 'photo', file: '02 Sarria the bridge.jpg' },
    ]);
    expect(memories[1]!.title).toBe('Sarria: the bridge?');
    expect(files.get(`memories/${memories[0]!.file}`)!.equals(clip)).toBe(true);
    expect(files.get(`memories/${memories[1]!.file}`)!.equals(photo)).toBe(true);
    expect(files.get('keepsake.mp4')!.equals(pilgrim.keepsake)).toBe(true);
    // Copied with the CRC-32s kept when they were stored (readZip checks each against the bytes).
    expect(
      (await soulStories.listForUser(testApp.deps.db, pilgrim.userId)).map((row) => row.mediaCrc32),
    ).toEqual([crc32(clip), crc32(photo)]);

    expect(json('vela/conversation.json').messages).toEqual([
      { role: 'user', content: 'Where do I sleep in Sarria?', created_at: expect.any(String) },
      { role: 'assistant', content: 'The albergue by the river has beds.', created_at: expect.any(String) },
    ]);
    const markdown = files.get('vela/conversation.md')!.toString('utf8');
    expect(markdown).toMatch(/^# Your conversation with Vela\n/);
    expect(markdown).toMatch(
      /## You, .+\n\nWhere do I sleep in Sarria\?\n\n## Vela, .+\n\nThe albergue by the river has beds\./,
    );

    // The two the uploads added, then the one added by hand.
    const notificationsExported = json('notifications.json') as { title: string }[];
    expect(notificationsExported).toHaveLength(3);
    expect(notificationsExported.at(-1)).toMatchObject({
      title: 'Buen Camino',
      message: 'Day one',
      read: false,
    });
    expect(json('survey-answers.json')).toEqual([
      expect.objectContaining({ overall_experience: 5, what_worked_well: 'Vela at night in Sarria' }),
    ]);
    expect(json('newsletter.json')).toMatchObject({ email: pilgrim.email, status: 'pending' });
    const [gift] = json('giving/gifts.json');
    expect(gift).toMatchObject({ frequency: 'one-time', amount_pence: 2500, status: 'completed' });
    expect(gift.payments).toEqual([
      expect.objectContaining({
        amount_pence: 2500,
        status: 'succeeded',
        receipt_number: expect.any(String),
        receipt: expect.stringContaining('Amount: £25\n'),
      }),
    ]);
    expect(json('giving/orders.json')).toEqual([
      expect.objectContaining({
        product_id: 'tee-shirt',
        status: 'paid',
        receipt: expect.stringContaining('1 × Tee-shirt (size M)'),
      }),
    ]);
    expect(files.get('README.txt')!.toString('utf8')).toContain(pilgrim.email);

    // Announced in the app and by email, with the same signed link.
    const notifications = (
      await testApp.app.inject({ method: 'GET', url: '/api/notifications/', headers: pilgrim.headers })
    ).json();
    expect(JSON.stringify(notifications)).toContain(exportMessages.notificationTitle);
    const email = await waitFor(
      async () =>
        (await testApp.outbox()).find(
          (message) => message.to === pilgrim.email && message.subject === exportMessages.emailSubject,
        ),
      Boolean,
    );
    expect(email!.text).toContain(`http://localhost:3000${ready.download_url}`);

    // A changed signature, another file under the same signature, or an expired link lead nowhere.
    const [, , expiry, signature, ...key] = ready.download_url!.split('/');
    const tampered = `/media/${expiry}/${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}/${key.join('/')}`;
    expect((await download(tampered)).statusCode).toBe(404);
    const stranger = await signUp(testApp, newUserDetails());
    const { userId: strangerId } = (await testApp.deps.tokens.verify(stranger.access))!;
    expect((await download(ready.download_url!.replace(pilgrim.userId, strangerId))).statusCode).toBe(404);
    const lastWeek = createMediaSigner(testApp.deps.config.secrets, 60, () => Date.now() - 8 * DAY_MS);
    expect((await download(lastWeek.url(key.join('/'), (7 * DAY_MS) / 1000))).statusCode).toBe(404);
    // Another pilgrim sees only their own exports.
    expect(await statusOf(stranger.headers)).toMatchObject({ status: 'none', download_url: null });
    expect((await call('GET', {})).statusCode).toBe(401);
  });

  it('replaces an older export with a newer one, and removes the file once its 7 days are over', async () => {
    const pilgrim = await signUp(testApp, newUserDetails());
    const { userId } = (await testApp.deps.tokens.verify(pilgrim.access))!;
    const exportedOnce = async () => {
      await call('POST', pilgrim.headers);
      return readyExport(pilgrim.headers);
    };
    const older = await exportedOnce();
    expect(JSON.parse((await filesOf(older)).get('vela/conversation.json')!.toString()).messages).toEqual([]);
    const newer = await exportedOnce();
    expect(newer.download_url).not.toBe(older.download_url);
    expect((await download(older.download_url!)).statusCode).toBe(404);
    const [row] = await testApp.deps.db
      .select()
      .from(schema.accountExports)
      .where(eq(schema.accountExports.userId, userId));
    expect(await testApp.deps.storage.size(row!.fileKey!)).toBeGreaterThan(0);

    await testApp.deps.db
      .update(schema.accountExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.accountExports.id, row!.id));
    // Past its date it reads as none at once; the removal job then deletes the file and the row.
    expect(await statusOf(pilgrim.headers)).toMatchObject({ status: 'none', download_url: null });
    await testApp.deps.queue.send(EXPIRE_JOB, { exportId: row!.id });
    await waitFor(
      () => testApp.deps.storage.size(row!.fileKey!),
      (size) => size === null,
    );
    expect(
      await testApp.deps.db
        .select()
        .from(schema.accountExports)
        .where(eq(schema.accountExports.userId, userId)),
    ).toEqual([]);
    expect((await download(newer.download_url!)).statusCode).toBe(404);
  });

  it('checksums the files stored before their CRC-32 was kept as it copies them, and the avatar', async () => {
    const pilgrim = await pilgrimWithEverything();
    expect((await uploadAvatar(testApp, pilgrim.headers, photo)).statusCode).toBe(200);
    await testApp.deps.db
      .update(schema.soulStories)
      .set({ mediaCrc32: null })
      .where(eq(schema.soulStories.userId, pilgrim.userId));
    await testApp.deps.db
      .update(schema.soulStoryKeepsakes)
      .set({ videoCrc32: null })
      .where(eq(schema.soulStoryKeepsakes.userId, pilgrim.userId));

    await call('POST', pilgrim.headers);
    const ready = await readyExport(pilgrim.headers);
    const files = await filesOf(ready);
    const [take, picture] = JSON.parse(files.get('memories/memories.json')!.toString()) as { file: string }[];
    expect(files.get(`memories/${take!.file}`)!.equals(clip)).toBe(true);
    expect(files.get(`memories/${picture!.file}`)!.equals(photo)).toBe(true);
    expect(files.get('keepsake.mp4')!.equals(pilgrim.keepsake)).toBe(true);
    expect(files.get('avatar.webp')!.length).toBeGreaterThan(0);
  });

  it('serves the zip as a file server would, over a real connection: ranges to resume, its tag, HEAD', async () => {
    const pilgrim = await pilgrimWithEverything();
    await call('POST', pilgrim.headers);
    const ready = await readyExport(pilgrim.headers);
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}${ready.download_url}`;
    const get = (headers: Record<string, string> = {}, method = 'GET') => fetch(url, { method, headers });

    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-disposition')).toMatch(
      /^attachment; filename="pilgrim-soul-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const zip = Buffer.from(await whole.arrayBuffer());
    expect(zip.length).toBe(ready.size_bytes);
    expect(Number(whole.headers.get('content-length'))).toBe(zip.length);
    const etag = whole.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);

    // A download cut anywhere goes on from there: in the zip's own records, across a stored file.
    const files = await readZip(zip);
    for (const [start, end] of [
      [0, 29],
      [100, zip.length - 100],
      [zip.length - 22, zip.length - 1],
    ] as const) {
      const part = await get({ range: `bytes=${start}-${end}`, 'if-range': etag });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${zip.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(zip.subarray(start, end + 1))).toBe(true);
    }
    const rest = await get({ range: 'bytes=-50' });
    expect(Buffer.from(await rest.arrayBuffer()).equals(zip.subarray(-50))).toBe(true);
    // Another copy's tag, or several ranges, get the whole zip; a range past the end, 416.
    const another = await get({ range: 'bytes=0-9', 'if-range': '"another"' });
    expect(another.status).toBe(200);
    expect(Buffer.from(await another.arrayBuffer()).equals(zip)).toBe(true);
    const several = await get({ range: 'bytes=0-9,500-599' });
    expect(several.status).toBe(200);
    expect((await several.arrayBuffer()).byteLength).toBe(zip.length);
    const past = await get({ range: `bytes=${zip.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${zip.length}`);
    expect((await get({ 'if-none-match': etag })).status).toBe(304);
    const head = await get({}, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(zip.length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    // The export keeps the files it holds, whatever becomes of the memories.
    const [memory] = await soulStories.listForUser(testApp.deps.db, pilgrim.userId);
    expect(
      (
        await testApp.app.inject({
          method: 'DELETE',
          url: `/api/soulstory/${memory!.id}/delete/`,
          headers: pilgrim.headers,
        })
      ).statusCode,
    ).toBe(200);
    await waitFor(
      () => testApp.deps.storage.size(memory!.mediaKey),
      (size) => size === null,
    );
    const after = Buffer.from(await (await get()).arrayBuffer());
    expect(after.equals(zip)).toBe(true);
    expect([...(await readZip(after)).keys()]).toEqual([...files.keys()]);
  });

  it('still serves a zip stored whole by an older build, by the link it gave', async () => {
    const pilgrim = await pilgrimWithEverything();
    await call('POST', pilgrim.headers);
    const ready = await readyExport(pilgrim.headers);
    const zip = (await download(ready.download_url!)).rawPayload;
    const [row] = await testApp.deps.db
      .select()
      .from(schema.accountExports)
      .where(eq(schema.accountExports.userId, pilgrim.userId));
    const olderKey = `${path.posix.dirname(row!.fileKey!)}/pilgrim-soul-data-2026-11-01.zip`;
    await testApp.deps.storage.write(olderKey, zip);
    await testApp.deps.storage.remove(row!.fileKey!);
    await testApp.deps.db
      .update(schema.accountExports)
      .set({ fileKey: olderKey })
      .where(eq(schema.accountExports.id, row!.id));

    const older = await statusOf(pilgrim.headers);
    expect(older.download_url).toMatch(/\/pilgrim-soul-data-2026-11-01\.zip$/);
    const response = await download(older.download_url!);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(zip)).toBe(true);
  });

  it('holds a long conversation whole, larger than the records deflated in the same turn', async () => {
    const pilgrim = await signUp(testApp, newUserDetails());
    const { userId } = (await testApp.deps.tokens.verify(pilgrim.access))!;
    const messages = Array.from({ length: 400 }, (_, index) => ({
      userId,
      role: index % 2 ? ('assistant' as const) : ('user' as const),
      content: `${index}: ${'Buen Camino, '.repeat(80)}`,
      createdAt: new Date(Date.now() - (400 - index) * 1000),
    }));
    await testApp.deps.db.insert(schema.chatMessages).values(messages);

    await call('POST', pilgrim.headers);
    const ready = await readyExport(pilgrim.headers);
    const files = await filesOf(ready);
    const conversation = files.get('vela/conversation.json')!;
    expect(conversation.length).toBeGreaterThan(256 * 1024);
    expect(
      (JSON.parse(conversation.toString()).messages as { content: string }[]).map(({ content }) => content),
    ).toEqual(messages.map(({ content }) => content));
    expect(files.get('vela/conversation.md')!.toString()).toContain(messages.at(-1)!.content.trim());
  });

  it('reports a build that cannot finish as failed, leaves no file behind, and builds again when asked', async () => {
    const pilgrim = await signUp(testApp, newUserDetails());
    const { userId } = (await testApp.deps.tokens.verify(pilgrim.access))!;
    const { upload } = storyClient(testApp);
    expect(
      (await upload(pilgrim.headers, { type: 'photo', title: 'Lost' }, { content: photo, filename: 'a.jpg' }))
        .statusCode,
    ).toBe(201);
    // The stored original disappears (a bucket emptied by hand, say): every try of the build fails.
    const [memory] = await soulStories.listForUser(testApp.deps.db, userId);
    await testApp.deps.db
      .update(schema.soulStories)
      .set({ mediaKey: `soul-stories/${userId}/missing.jpg` })
      .where(eq(schema.soulStories.id, memory!.id));

    expect((await call('POST', pilgrim.headers)).json().status).toBe('queued');
    const failed = await waitFor(
      () => statusOf(pilgrim.headers),
      (found) => found.status === 'failed',
      90_000,
    );
    expect(failed).toMatchObject({ download_url: null, expires_at: null });
    expect(await testApp.deps.storage.list(`exports/${userId}/`)).toEqual([]);

    await testApp.deps.db
      .update(schema.soulStories)
      .set({ mediaKey: memory!.mediaKey })
      .where(eq(schema.soulStories.id, memory!.id));
    expect((await call('POST', pilgrim.headers)).json().status).toBe('queued');
    const ready = await readyExport(pilgrim.headers);
    const files = await filesOf(ready);
    expect(files.get('memories/01 Lost.jpg')!.equals(photo)).toBe(true);
  }, 120_000);
});
