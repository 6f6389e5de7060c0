import { mkdtemp, readdir, readFile, rm, symlink, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES } from '#contract/soul-story.ts';
import {
  MAX_UNFINISHED_UPLOAD_BYTES,
  MAX_UNFINISHED_UPLOADS,
  UPLOAD_IDEMPOTENCY_KEY,
  uploadMessages,
} from '#contract/uploads.ts';
import { controlCharacterMessage } from '#server/http/text-hygiene.ts';
import { resumableUploads } from '#server/modules/uploads/tables.ts';
import { makePhoto } from './soul-stories.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { type TusClient, tusClient } from './tus.ts';
import { createUser } from './users.ts';

/*
 * The outside test's findings on resumable uploads (issue 25), replayed: tus's discovery, a creation that
 * carries every byte and its retry, control characters hidden in base64, the unfinished-upload cap, CORS,
 * and a failure inside tus that must not tell its internals.
 */

const NUL = '\u0000';
const allowedOrigin = 'https://app.example.org';

describe(`tus security on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let tus: TusClient;
  let photo: Buffer;

  beforeAll(async () => {
    testApp = await createTestApp();
    tus = await tusClient(testApp.app);
    const work = await mkdtemp(path.join(tmpdir(), 'tus-security-'));
    await makePhoto(path.join(work, 'a.jpg'));
    photo = await readFile(path.join(work, 'a.jpg'));
    await rm(work, { recursive: true, force: true });
  }, 300_000);
  afterAll(() => testApp.close());

  const memories = async (auth: Record<string, string>) =>
    (await testApp.app.inject({ url: '/api/soulstories/', headers: auth })).json() as { id: string }[];
  const uploadsOf = (userId: string) =>
    testApp.deps.db.select().from(resumableUploads).where(eq(resumableUploads.userId, userId));

  it('answers OPTIONS with the tus version, extensions and largest size, without a token', async () => {
    for (const url of ['/api/uploads/', `/api/uploads/upload-${'0'.repeat(32)}`]) {
      const answer = await tus.options(url);
      expect(answer.status, url).toBe(204);
      expect(answer.headers.get('tus-resumable')).toBe('1.0.0');
      expect(answer.headers.get('tus-version')).toBe('1.0.0');
      expect(answer.headers.get('tus-extension')?.split(',')).toEqual(
        expect.arrayContaining([
          'creation',
          'creation-with-upload',
          'creation-defer-length',
          'termination',
          'expiration',
        ]),
      );
      expect(answer.headers.get('tus-max-size')).toBe(String(MAX_VIDEO_BYTES));
    }
  });

  it('saves a photo sent whole in its creation once, and answers 201 with its location, offset and memory', async () => {
    const pilgrim = await createUser(testApp);
    const created = await tus.createWith(pilgrim.headers, { type: 'photo', title: 'Finisterre' }, photo);
    expect(created.status, created.error).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/upload-[0-9a-f]{32}$/);
    expect(created.headers.get('upload-offset')).toBe(String(photo.length));
    const itemId = created.headers.get('upload-item-id');
    expect(itemId).toBeTruthy();
    expect(await memories(pilgrim.headers)).toEqual([expect.objectContaining({ id: itemId })]);

    const head = await tus.head(pilgrim.headers, location);
    expect(head.headers.get('upload-item-id')).toBe(itemId);
    // The memory holds the bytes; the upload keeps none.
    const left = await readdir(testApp.deps.config.uploadsDir);
    expect(left.filter((name) => name.startsWith(location.split('/').at(-1)!))).toEqual([]);
  });

  it('answers a creation sent again with the same idempotency key with the first one’s upload, never a second memory', async () => {
    const pilgrim = await createUser(testApp);
    const fields = { type: 'photo', title: 'O Cebreiro', [UPLOAD_IDEMPOTENCY_KEY]: 'photo-1-of-this-device' };
    const first = await tus.createWith(pilgrim.headers, fields, photo);
    expect(first.status, first.error).toBe(201);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const again = await tus.createWith(pilgrim.headers, fields, photo);
      expect(again.status, again.error).toBe(201);
      expect(again.headers.get('location')).toBe(first.headers.get('location'));
      expect(again.headers.get('upload-offset')).toBe(String(photo.length));
      expect(again.headers.get('upload-item-id')).toBe(first.headers.get('upload-item-id'));
    }
    expect(await memories(pilgrim.headers)).toHaveLength(1);

    // An unfinished one: the retry learns where it stands and sends the rest with PATCH.
    const take = { type: 'joy', [UPLOAD_IDEMPOTENCY_KEY]: 'joy-take-1' };
    const unfinished = await tus.create(pilgrim.headers, take, 5000);
    const location = unfinished.headers.get('location')!;
    expect((await tus.patch(pilgrim.headers, location, 0, Buffer.alloc(1000))).status).toBe(204);
    const retried = await tus.create(pilgrim.headers, take, 5000);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('location')).toBe(location);
    expect(retried.headers.get('upload-offset')).toBe('1000');
    expect(await uploadsOf(pilgrim.id)).toHaveLength(2);

    const reused = await tus.create(pilgrim.headers, { ...take, type: 'call' }, 5000);
    expect(reused.status).toBe(409);
    expect(reused.error).toBe(uploadMessages.idempotencyKeyReused);
  });

  it('refuses a control character hidden in Upload-Metadata with 400 and its usual words, saving nothing', async () => {
    const pilgrim = await createUser(testApp);
    const cases: Record<string, string>[] = [
      { type: 'photo', title: `Santiago${NUL}` },
      { type: 'photo', title: 'Santiago', filename: `a${NUL}.jpg` },
      { type: `joy${NUL}` },
    ];
    for (const fields of cases) {
      for (const answer of [
        await tus.createWith(pilgrim.headers, fields, photo),
        await tus.create(pilgrim.headers, fields, photo.length),
      ]) {
        expect(answer.status, JSON.stringify(fields)).toBe(400);
        expect(answer.error).toBe(controlCharacterMessage);
        expect(answer.text).not.toMatch(/insert|select|resumable_uploads|params/i);
      }
    }
    expect(await uploadsOf(pilgrim.id)).toEqual([]);
    expect(await memories(pilgrim.headers)).toEqual([]);
  });

  it('refuses more unfinished uploads than a story needs with 429, by count and by declared size', async () => {
    const pilgrim = await createUser(testApp);
    const locations: string[] = [];
    for (let index = 0; index < MAX_UNFINISHED_UPLOADS; index += 1) {
      const created = await tus.create(pilgrim.headers, { type: 'joy' }, 1000);
      expect(created.status, created.error).toBe(201);
      locations.push(created.headers.get('location')!);
    }
    const refused = await tus.create(pilgrim.headers, { type: 'joy' }, 1000);
    expect(refused.status).toBe(429);
    expect(refused.error).toBe(uploadMessages.tooManyUnfinished);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Cancelling one makes room.
    expect((await tus.terminate(pilgrim.headers, locations[0]!)).status).toBe(204);
    expect((await tus.create(pilgrim.headers, { type: 'joy' }, 1000)).status).toBe(201);

    // A take of deferred length holds its whole limit until it is finished.
    const other = await createUser(testApp);
    const deferred = Math.floor(MAX_UNFINISHED_UPLOAD_BYTES / MAX_VIDEO_BYTES);
    for (let index = 0; index < deferred; index += 1)
      expect((await tus.create(other.headers, { type: 'call' })).status).toBe(201);
    const tooBig = await tus.create(other.headers, { type: 'call' });
    expect(tooBig.status).toBe(429);
    expect(tooBig.error).toBe(uploadMessages.tooManyUnfinished);
    // What is left still takes a photo.
    expect((await tus.create(other.headers, { type: 'photo', title: 'Sarria' }, photo.length)).status).toBe(
      201,
    );
  });

  it('allows no other origin while CORS_ORIGINS is empty', async () => {
    const pilgrim = await createUser(testApp);
    const origin = { origin: allowedOrigin };
    const created = await tus.create({ ...pilgrim.headers, ...origin }, { type: 'joy' }, 1000);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    for (const answer of [
      created,
      await tus.head({ ...pilgrim.headers, ...origin }, location),
      await tus.patch({ ...pilgrim.headers, ...origin }, location, 0, Buffer.alloc(10)),
      await tus.options('/api/uploads/', { ...origin, 'access-control-request-method': 'POST' }),
    ]) {
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-methods')).toBeNull();
    }
  });
});

describe(`tus with CORS_ORIGINS set, and a failure inside tus, on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let tus: TusClient;
  const log: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line) log.push(JSON.parse(line));
    });
    testApp = await createTestApp({ CORS_ORIGINS: allowedOrigin, LOG_LEVEL: 'error' }, stream);
    tus = await tusClient(testApp.app);
  }, 300_000);
  afterAll(() => testApp.close());

  it('answers a listed origin’s preflight and requests as every other route does, and no other origin', async () => {
    const pilgrim = await createUser(testApp);
    const preflight = await tus.options('/api/uploads/', {
      origin: allowedOrigin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, tus-resumable, upload-length, upload-metadata',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('upload-metadata');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    // A plain OPTIONS from that page is tus's discovery, not a malformed preflight.
    const discovery = await tus.options('/api/uploads/', { origin: allowedOrigin });
    expect(discovery.status).toBe(204);
    expect(discovery.headers.get('tus-version')).toBe('1.0.0');

    const created = await tus.create({ ...pilgrim.headers, origin: allowedOrigin }, { type: 'joy' }, 1000);
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    expect(created.headers.get('access-control-expose-headers')).toEqual(
      expect.stringContaining('upload-item-id'),
    );

    const elsewhere = 'https://elsewhere.example.org';
    const foreign = await tus.create({ ...pilgrim.headers, origin: elsewhere }, { type: 'joy' }, 1000);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const foreignPreflight = await tus.options('/api/uploads/', {
      origin: elsewhere,
      'access-control-request-method': 'POST',
    });
    expect(foreignPreflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a failure inside tus in general words, and logs its cause with the request id', async () => {
    const pilgrim = await createUser(testApp);
    const created = await tus.create(pilgrim.headers, { type: 'joy' }, 1000);
    const location = created.headers.get('location')!;
    // The upload's file turns into a link to itself: reading it fails with an error naming its path.
    const file = path.join(testApp.deps.config.uploadsDir, location.split('/').at(-1)!);
    await unlink(file);
    await symlink(file, file);

    const failed = await tus.patch(pilgrim.headers, location, 0, Buffer.alloc(10));
    expect(failed.status).toBe(500);
    const body = JSON.parse(failed.text);
    expect(body).toEqual({ error: 'Something went wrong on our side.', requestId: expect.any(String) });
    expect(failed.text).not.toContain(testApp.deps.config.uploadsDir);
    const logged = log.find((line) => line.reqId === body.requestId);
    expect(logged?.err).toEqual(expect.objectContaining({ message: expect.stringContaining('ELOOP') }));
  });
});
