import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#contract/account.ts';
import { authMessages } from '#contract/auth-terms.ts';
import * as schema from '#server/schema.ts';
import { listFiles, makeClip, makePhoto, storyClient } from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { tusMetadata } from '#test/tus.ts';
import { newUserDetails, signIn, signUp, uploadAvatar } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';
import { addNotification } from '../notifications/index.ts';
import * as soulStories from '../soul-story/repository.ts';
import { keepsakeKeysFor } from '../soul-story/service.ts';

/** Every table with a column that references the users table, found from the schema so a new one is counted too. */
const tablesReferencingUsers = Object.values(schema as Record<string, unknown>).filter(
  (table): table is PgTable =>
    is(table, PgTable) && 'userId' in getTableColumns(table) && getTableName(table) !== 'users',
);

describe(`deleting an account on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let clip: Buffer;
  let photo: Buffer;

  beforeAll(async () => {
    testApp = await createTestApp();
    const work = tmpdir();
    const id = randomBytes(4).toString('hex');
    await makeClip(path.join(work, `${id}.webm`), { seconds: 1, colour: 'red' });
    await makePhoto(path.join(work, `${id}.jpg`));
    clip = await readFile(path.join(work, `${id}.webm`));
    photo = await readFile(path.join(work, `${id}.jpg`));
  });
  afterAll(() => testApp.close());

  const deleteAccount = (headers: Record<string, string>, payload?: object) =>
    testApp.app.inject({ method: 'DELETE', url: '/api/account/', headers, ...(payload ? { payload } : {}) });

  const rowsOf = async (userId: string) => {
    const counts: Record<string, number> = {};
    for (const table of tablesReferencingUsers) {
      const { userId: column } = getTableColumns(table) as { userId: typeof schema.sessions.userId };
      const [row] = await testApp.deps.db
        .select({ count: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(column, userId));
      counts[getTableName(table)] = row!.count;
    }
    return counts;
  };

  const filesOf = async (userId: string) =>
    (await listFiles(testApp.deps.config.mediaDir)).filter((file) => file.includes(userId));

  /** A pilgrim with something in every place an account reaches, signed up for real so the password counts. */
  const pilgrimWithEverything = async () => {
    const pilgrim = await signUp(testApp, newUserDetails());
    const { userId } = (await testApp.deps.tokens.verify(pilgrim.access))!;
    const { upload, get } = storyClient(testApp);
    expect((await upload(pilgrim.headers, { type: 'call' }, { content: clip })).statusCode).toBe(201);
    expect(
      (
        await upload(
          pilgrim.headers,
          { type: 'photo', title: 'Sarria' },
          { content: photo, filename: 'a.jpg' },
        )
      ).statusCode,
    ).toBe(201);
    const stories = await waitFor(
      async () => (await get('/api/soulstories/', pilgrim.headers)).json() as { media_url: string }[],
      (found) => found.length === 2,
    );
    await waitFor(
      () => soulStories.listForUser(testApp.deps.db, userId),
      (rows) => rows.every((row) => row.segmentStatus === 'ready'),
      60_000,
    );

    // A take being sent by tus, half received.
    const take = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: {
        ...pilgrim.headers,
        'tus-resumable': '1.0.0',
        'upload-length': String(clip.length),
        'upload-metadata': tusMetadata({ type: 'joy' }),
      },
    });
    expect(take.statusCode).toBe(201);
    const halfTake = await testApp.app.inject({
      method: 'PATCH',
      url: take.headers.location as string,
      headers: {
        ...pilgrim.headers,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: clip.subarray(0, 1000),
    });
    expect(halfTake.statusCode).toBe(204);

    expect((await uploadAvatar(testApp, pilgrim.headers, photo)).statusCode).toBe(200);

    const { version } = await soulStories.bumpVersion(testApp.deps.db, userId);
    const keys = keepsakeKeysFor(userId, version);
    const video = randomBytes(2048);
    await testApp.deps.storage.write(keys.videoKey, video);
    await testApp.deps.storage.write(keys.posterKey, randomBytes(256));
    await soulStories.publishKeepsake(testApp.deps.db, userId, version, {
      ...keys,
      videoCrc32: crc32(video),
      captionsKey: null,
      captionsLanguage: null,
    });
    const { token: shareToken } = (
      await testApp.app.inject({ method: 'POST', url: '/api/soulstory/share/', headers: pilgrim.headers })
    ).json();

    await testApp.deps.db.insert(schema.chatMessages).values([
      { userId, role: 'user', content: 'Where do I sleep in Sarria?' },
      { userId, role: 'assistant', content: 'The albergue by the river.' },
    ]);
    await testApp.deps.db.insert(schema.reminderPlans).values({
      userId,
      planId: randomUUID(),
      startDate: '2026-05-01',
      duration: 30,
      timeZone: 'UTC',
      jobIds: [],
    });
    await testApp.deps.db.insert(schema.reminderDeliveries).values({ userId, reminderKey: 'day-1' });
    await addNotification(testApp.deps.db, { userId, title: 'Buen Camino', message: 'Day one' });
    const journey = await testApp.app.inject({
      method: 'PUT',
      url: '/api/journey/',
      headers: pilgrim.headers,
      payload: {
        route: 'Camino Francés',
        start_place: 'Sarria',
        start_date: '2025-09-12',
        walked_with: 'Lucía',
      },
    });
    expect(journey.statusCode).toBe(200);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/password/reset-request/',
      payload: { email: pilgrim.email },
    });

    const giveMonthly = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { amount: 15, currency: 'gbp', frequency: 'monthly', email: pilgrim.email },
      })
    ).json();
    await testApp.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm/',
      payload: {
        clientSecret: giveMonthly.clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      },
    });
    await waitFor(
      async () => (await testApp.outbox()).filter((message) => message.to === pilgrim.email),
      (found) => found.some((message) => message.subject.includes('gift')),
    );
    expect(
      (
        await testApp.app.inject({
          method: 'POST',
          url: '/api/newsletter/subscribe/',
          payload: { email: pilgrim.email, optIn: true },
        })
      ).statusCode,
    ).toBeLessThan(300);

    expect(
      (
        await testApp.app.inject({
          method: 'POST',
          url: '/api/survey/submit/',
          headers: pilgrim.headers,
          payload: {
            overallExperience: 5,
            websiteDesign: 4,
            easeOfUse: 3,
            usedVela: 'no',
            usedSoulStory: 'no',
          },
        })
      ).statusCode,
    ).toBe(201);
    await testApp.app.inject({ method: 'POST', url: '/api/account/export/', headers: pilgrim.headers });
    const dataExport = await waitFor(
      async () =>
        (
          await testApp.app.inject({ method: 'GET', url: '/api/account/export/', headers: pilgrim.headers })
        ).json(),
      (found) => found.status === 'ready',
      60_000,
    );

    return {
      ...pilgrim,
      userId,
      mediaUrls: [...stories.map((story) => story.media_url), dataExport.download_url as string],
      shareToken,
    };
  };

  const giftsOf = (email: string) =>
    testApp.deps.db.select().from(schema.gifts).where(sql`lower(${schema.gifts.email}) = ${email}`);

  it('erases every row and file of the account, keeps donations anonymous, and ends every way back in', async () => {
    const pilgrim = await pilgrimWithEverything();
    const rowsBefore = await rowsOf(pilgrim.userId);
    expect(Object.keys(rowsBefore).sort()).toEqual([
      'account_exports',
      'chat_messages',
      'journeys',
      'notifications',
      'password_reset_tokens',
      'refresh_tokens',
      'reminder_deliveries',
      'reminder_plans',
      'resumable_uploads',
      'sessions',
      'soul_stories',
      'soul_story_keepsakes',
      'survey_responses',
    ]);
    for (const [table, count] of Object.entries(rowsBefore)) expect(count, table).toBeGreaterThan(0);
    // Two originals, two segments, the avatar, the keepsake's video and poster (with three prompts open,
    // no card is made ahead), and the data export: its zip's layout, and the copies of the two
    // originals, the avatar and the keepsake's video it holds.
    const files = await waitFor(
      () => filesOf(pilgrim.userId),
      (found) => found.length >= 12,
      120_000,
    );
    expect(files).toHaveLength(12);
    const [gift] = await giftsOf(pilgrim.email);
    expect(gift).toMatchObject({ frequency: 'monthly', status: 'active' });
    const paymentsBefore = await testApp.deps.db
      .select()
      .from(schema.donationPayments)
      .where(eq(schema.donationPayments.giftId, gift!.id));
    expect(paymentsBefore).toHaveLength(1);

    const uploadsBefore = await testApp.deps.db
      .select({ id: schema.resumableUploads.id })
      .from(schema.resumableUploads)
      .where(eq(schema.resumableUploads.userId, pilgrim.userId));
    expect(
      (await readdir(testApp.deps.config.uploadsDir)).some((name) => name === uploadsBefore[0]!.id),
    ).toBe(true);
    const response = await deleteAccount(pilgrim.headers, { password: pilgrim.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const rowsAfter = await rowsOf(pilgrim.userId);
    for (const [table, count] of Object.entries(rowsAfter)) expect(count, table).toBe(0);
    expect(
      await testApp.deps.db.select().from(schema.users).where(eq(schema.users.id, pilgrim.userId)),
    ).toEqual([]);
    expect(await filesOf(pilgrim.userId)).toEqual([]);
    const stored = await readdir(testApp.deps.config.uploadsDir);
    for (const { id } of uploadsBefore) expect(stored.filter((name) => name.startsWith(id))).toEqual([]);

    // The record of giving keeps the amount, date and receipt number; the donor is gone from it.
    expect(await giftsOf(pilgrim.email)).toEqual([]);
    const [kept] = await testApp.deps.db.select().from(schema.gifts).where(eq(schema.gifts.id, gift!.id));
    expect(kept).toMatchObject({ email: null, customerId: null, amountPence: 1500, status: 'canceled' });
    expect(kept!.createdAt).toEqual(gift!.createdAt);
    const paymentsAfter = await testApp.deps.db
      .select()
      .from(schema.donationPayments)
      .where(eq(schema.donationPayments.giftId, gift!.id));
    expect(paymentsAfter.map(({ id, amountPence, createdAt }) => ({ id, amountPence, createdAt }))).toEqual(
      paymentsBefore.map(({ id, amountPence, createdAt }) => ({ id, amountPence, createdAt })),
    );
    const checkouts = await testApp.deps.db
      .select()
      .from(schema.paymentCheckouts)
      .where(eq(schema.paymentCheckouts.id, gift!.checkoutId));
    expect(checkouts).toMatchObject([{ email: null, customerId: null, amountMinor: 1500 }]);

    const [subscriber] = await testApp.deps.db
      .select()
      .from(schema.newsletterSubscribers)
      .where(sql`lower(${schema.newsletterSubscribers.email}) = ${pilgrim.email}`);
    expect(subscriber).toMatchObject({ status: 'unsubscribed', confirmTokenHash: null });

    await expect(signIn(testApp, pilgrim)).rejects.toThrow(authMessages.wrongCredentials);
    const profile = await testApp.app.inject({
      method: 'GET',
      url: '/api/profile/',
      headers: pilgrim.headers,
    });
    expect(profile.statusCode).toBe(401);
    for (const url of pilgrim.mediaUrls) {
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const shared = await testApp.app.inject({
      method: 'GET',
      url: `/api/soulstory/shared/${pilgrim.shareToken}/`,
    });
    expect(shared.statusCode).toBe(404);
  });

  it('asks for the password, refuses a wrong one, and erases nothing either way', async () => {
    const pilgrim = await signUp(testApp, newUserDetails());
    const { userId } = (await testApp.deps.tokens.verify(pilgrim.access))!;
    await addNotification(testApp.deps.db, { userId, title: 'Buen Camino', message: 'Day one' });
    const rowsBefore = await rowsOf(userId);

    for (const payload of [undefined, {}, { password: '' }]) {
      const missing = await deleteAccount(pilgrim.headers, payload);
      expect(missing.statusCode, JSON.stringify(payload)).toBe(400);
      expect(missing.json().error).toBe(accountMessages.passwordRequired);
    }
    const wrong = await deleteAccount(pilgrim.headers, { password: `${pilgrim.password}x` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(accountMessages.wrongPassword);
    const signedOut = await deleteAccount({}, { password: pilgrim.password });
    expect(signedOut.statusCode).toBe(401);

    expect(await rowsOf(userId)).toEqual(rowsBefore);
    expect((await signIn(testApp, pilgrim)).email).toBe(pilgrim.email);
  });

  it('stops guessing after five tries in a quarter of an hour, the right password included', async () => {
    const pilgrim = await signUp(testApp, newUserDetails());
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await deleteAccount(pilgrim.headers, { password: `guess-${attempt}` })).statusCode).toBe(403);
    }
    const refused = await deleteAccount(pilgrim.headers, { password: pilgrim.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(authMessages.tooManyAttempts);
    expect((await signIn(testApp, pilgrim)).email).toBe(pilgrim.email);
  });
});
