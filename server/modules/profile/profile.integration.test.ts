import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileMessages } from '#contract/profile.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { newUserDetails, signUp } from '#test/users.ts';
import { addNotification } from '../notifications/index.ts';

/** A multipart body built by hand, as a browser would send it: text fields first, then the file. */
const multipart = (
  field: string,
  filename: string,
  type: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
) => {
  const boundary = `----pilgrim${Date.now()}`;
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${texts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

describe(`profile on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;

  const signUpPilgrim = async () => {
    const pilgrim = await signUp(testApp, { ...newUserDetails(), nationality: 'pt' });
    const { userId } = (await testApp.deps.tokens.verify(pilgrim.access))!;
    return { ...pilgrim, userId };
  };
  const as = (access: string) => ({ authorization: `Bearer ${access}` });
  const getProfile = (access: string) =>
    testApp.app.inject({ method: 'GET', url: '/api/profile/', headers: as(access) });
  const putProfile = (access: string, payload: unknown) =>
    testApp.app.inject({
      method: 'PUT',
      url: '/api/profile/',
      headers: as(access),
      payload: payload as object,
    });
  const uploadAvatar = (access: string, filename: string, type: string, bytes: Buffer) => {
    const body = multipart('avatar', filename, type, bytes);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/profile/upload/',
      headers: { ...as(access), 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('answers the whole profile with real counts', async () => {
    const { access, userId, username, email } = await signUpPilgrim();
    await addNotification(testApp.deps.db, { userId, title: 'Welcome', message: 'Buen camino' });
    await addNotification(testApp.deps.db, { userId, title: 'Again', message: 'Hello' });
    const response = await getProfile(access);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { first_name: '', username, email },
      nationality: 'Portugal',
      nationality_code: 'PT',
      bio: '',
      avatar_url: null,
      vibe: null,
      vibe_consent_at: null,
      camino_start_date: null,
      camino_duration: null,
      reminder_emails: true,
      time_zone: 'UTC',
      soul_stories_count: 0,
      unread_notifications_count: 2,
    });
  });

  it('counts the memories saved to the Soul Story', async () => {
    const { access } = await signUpPilgrim();
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const body = multipart('media', 'Camino.jpg', 'image/jpeg', photo, { title: 'Camino', type: 'photo' });
    const saved = await testApp.app.inject({
      method: 'POST',
      url: '/api/soulstory/upload/',
      headers: { ...as(access), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    expect((await getProfile(access)).json().soul_stories_count).toBe(1);
  });

  it('requires a valid token', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/profile/' })).statusCode).toBe(401);
    expect((await getProfile('not-a-token')).statusCode).toBe(401);
    expect((await putProfile('not-a-token', { bio: 'x' })).statusCode).toBe(401);
  });

  it('merges only the fields sent', async () => {
    const { access } = await signUpPilgrim();
    const first = await putProfile(access, {
      nationality: 'united kingdom',
      bio: '<img src=x onerror=alert(1)>',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      nationality: 'United Kingdom',
      nationality_code: 'GB',
      bio: '<img src=x onerror=alert(1)>',
    });
    const chat = await putProfile(access, {
      vibe: 'Faith-based',
      camino_start_date: '2025-05-01',
      camino_duration: 30,
      reminder_emails: false,
      time_zone: 'Europe/Madrid',
    });
    expect(chat.statusCode).toBe(200);
    expect(chat.json()).toMatchObject({
      nationality: 'United Kingdom',
      bio: '<img src=x onerror=alert(1)>',
      vibe: 'Faith-based',
      camino_start_date: '2025-05-01',
      camino_duration: 30,
      reminder_emails: false,
      time_zone: 'Europe/Madrid',
    });
    const cleared = await putProfile(access, { nationality: null, vibe: null });
    expect(cleared.json()).toMatchObject({
      nationality: null,
      nationality_code: null,
      vibe: null,
      camino_duration: 30,
    });
    expect((await getProfile(access)).json()).toMatchObject({
      nationality: null,
      time_zone: 'Europe/Madrid',
    });
  });

  it.each([
    ['Spanish', 'Spain', 'ES'],
    ['british', 'United Kingdom', 'GB'],
    ['española', 'Spain', 'ES'],
    ['Estados Unidos', 'United States of America', 'US'],
    ['  Pilgrim of the world  ', 'Pilgrim of the world', null],
    ['Korean', 'Korean', null],
  ])('keeps the nationality %j, shown as %j with the code %s', async (given, shown, code) => {
    const { access } = await signUpPilgrim();
    const saved = await putProfile(access, { nationality: given });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ nationality: shown, nationality_code: code });
    expect((await getProfile(access)).json()).toMatchObject({ nationality: shown, nationality_code: code });
  });

  it('clears the nationality when it is sent empty', async () => {
    const { access } = await signUpPilgrim();
    const saved = await putProfile(access, { nationality: '   ' });
    expect(saved.json()).toMatchObject({ nationality: null, nationality_code: null });
  });

  it.each([
    [{ nationality: 'x'.repeat(101) }, 'nationality', 'Nationality must be at most 100 characters'],
    [{ bio: 'x'.repeat(1001) }, 'bio', profileMessages.bioTooLong],
    [{ bio: 12 }, 'bio', 'bio must be text'],
    [{ vibe: 'Pastafarian' }, 'vibe', 'Please select a vibe'],
    [{ camino_start_date: '01/05/2025' }, 'camino_start_date', 'Please select a date'],
    [{ camino_start_date: '2999-01-01' }, 'camino_start_date', profileMessages.startDateInFuture],
    [{ camino_duration: 10 }, 'camino_duration', 'Please select a duration'],
    [{ camino_duration: '8' }, 'camino_duration', 'Please select a duration'],
    [{ camino_duration: 'a week' }, 'camino_duration', 'Please select a duration'],
    [{ reminder_emails: 'maybe' }, 'reminder_emails', 'reminder_emails must be true or false'],
    [{ time_zone: 'Mars/Olympus' }, 'time_zone', profileMessages.unknownTimeZone],
    [{ time_zone: "'; drop table users; --" }, 'time_zone', profileMessages.unknownTimeZone],
  ])('refuses %j naming the field', async (payload, field, message) => {
    const { access } = await signUpPilgrim();
    const response = await putProfile(access, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, error: message });
  });

  it('drops fields it does not know, so they change nothing', async () => {
    const { access } = await signUpPilgrim();
    const response = await putProfile(access, { bio: 'hi', role: 'admin' });
    expect(response.statusCode).toBe(200);
    expect(response.json().bio).toBe('hi');
    const admin = await testApp.app.inject({
      url: '/api/admin/me/',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(admin.statusCode).toBe(403);
  });

  it('reads numbers, yes/no and dates as the spec’s clients write them', async () => {
    const { access } = await signUpPilgrim();
    const response = await putProfile(access, {
      camino_duration: '30',
      camino_start_date: '2026-04-02T08:30:00.000Z',
      reminder_emails: 'no',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      camino_duration: 30,
      camino_start_date: '2026-04-02',
      reminder_emails: false,
    });
  });

  describe('avatar', () => {
    const photo = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 120, g: 160, b: 90 } } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'Secret Place', Artist: 'Someone' } })
        .toBuffer();

    it('re-encodes to a 512 px square without metadata, replaces the old file and serves it with caching', async () => {
      const { access, userId } = await signUpPilgrim();
      const first = await uploadAvatar(access, 'me.jpg', 'image/jpeg', await photo(1200, 800));
      expect(first.statusCode).toBe(200);
      const firstUrl = first.json().avatar_url as string;
      expect(firstUrl).toMatch(/^\/media\/\d+\/[^/]+\/avatars\//);

      const served = await testApp.app.inject({ method: 'GET', url: firstUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toContain('max-age');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ width: 512, height: 512, format: 'webp' });
      expect(metadata.exif).toBeUndefined();

      const second = await uploadAvatar(
        access,
        'me.png',
        'image/png',
        await sharp(await photo(300, 900))
          .png()
          .toBuffer(),
      );
      expect(second.statusCode).toBe(200);
      expect(second.json().avatar_url).not.toBe(firstUrl);
      const files = await readdir(path.join(testApp.deps.config.mediaDir, 'avatars', userId));
      expect(files).toHaveLength(1);
      expect(
        (await testApp.app.inject({ method: 'GET', url: '/api/user/', headers: as(access) })).json()
          .avatar_url,
      ).toBe(second.json().avatar_url);
    });

    it('refuses a renamed non-image, whatever its name and declared type', async () => {
      const { access } = await signUpPilgrim();
      const response = await uploadAvatar(
        access,
        'avatar.png',
        'image/png',
        Buffer.from('%PDF-1.7 not an image at all'),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'avatar', error: profileMessages.avatarNotImage });
      const script = await uploadAvatar(
        access,
        'x.jpg',
        'image/jpeg',
        Buffer.from('<svg onload="alert(1)"></svg>'),
      );
      expect(script.statusCode).toBe(400);
      expect((await getProfile(access)).json().avatar_url).toBeNull();
    });

    it('refuses a corrupt image, a file over 5 MB, a missing file and a wrong field', async () => {
      const { access } = await signUpPilgrim();
      const truncated = (await photo(800, 800)).subarray(0, 400);
      const corrupt = await uploadAvatar(access, 'a.jpg', 'image/jpeg', truncated);
      expect(corrupt.statusCode).toBe(400);
      const big = Buffer.concat([await photo(64, 64), Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const tooBig = await uploadAvatar(access, 'a.jpg', 'image/jpeg', big);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().error).toBe(profileMessages.avatarTooLarge);
      const body = multipart('photo', 'a.jpg', 'image/jpeg', await photo(64, 64));
      const wrongField = await testApp.app.inject({
        method: 'POST',
        url: '/api/profile/upload/',
        headers: { ...as(access), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(wrongField.statusCode).toBe(400);
      const notMultipart = await testApp.app.inject({
        method: 'POST',
        url: '/api/profile/upload/',
        headers: as(access),
        payload: { avatar: 'x' },
      });
      expect(notMultipart.statusCode).toBeGreaterThanOrEqual(400);
      expect(notMultipart.statusCode).toBeLessThan(500);
    });
  });
});
