import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExportResponse } from '#contract/account.ts';
import { startTestBucket, type TestBucket } from '#test/s3-bucket.ts';
import { listFiles, makePhoto, storyClient } from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { newUserDetails, signUp } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';
import { readZip } from '#test/zip.ts';

describe(`exporting an account's data with media in an S3 bucket, on ${process.env.TEST_DB}`, () => {
  let bucket: TestBucket;
  let testApp: TestApp;
  let photo: Buffer;

  beforeAll(async () => {
    bucket = await startTestBucket();
    testApp = await createTestApp(bucket.env);
    const work = await mkdtemp(path.join(tmpdir(), 'export-s3-'));
    await makePhoto(path.join(work, 'a.jpg'));
    photo = await readFile(path.join(work, 'a.jpg'));
    await rm(work, { recursive: true, force: true });
  });
  afterAll(async () => {
    await testApp?.close();
    await bucket?.close();
  });

  it('copies the memories within the bucket and serves the zip from there, with no file on the app’s disk', async () => {
    const pilgrim = await signUp(testApp, newUserDetails());
    const { upload } = storyClient(testApp);
    expect(
      (await upload(pilgrim.headers, { type: 'photo', title: 'Harbour' }, { content: photo })).statusCode,
    ).toBe(201);
    await testApp.app.inject({ method: 'POST', url: '/api/account/export/', headers: pilgrim.headers });
    const ready = await waitFor(
      async () =>
        (
          await testApp.app.inject({ method: 'GET', url: '/api/account/export/', headers: pilgrim.headers })
        ).json() as AccountExportResponse,
      (found) => found.status === 'ready',
      60_000,
    );

    // The zip is put together as it is sent, so the app answers it itself: no bucket URL could.
    const zip = await testApp.app.inject({ method: 'GET', url: ready.download_url! });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.length).toBe(ready.size_bytes);
    const files = await readZip(zip.rawPayload);
    expect(files.get('memories/01 Harbour.jpg')!.equals(photo)).toBe(true);
    expect(JSON.parse(files.get('profile.json')!.toString()).email).toBe(pilgrim.email);
    const { userId } = (await testApp.deps.tokens.verify(pilgrim.access))!;
    expect(await testApp.deps.storage.list(`exports/${userId}/`)).toEqual([
      expect.stringMatching(new RegExp(`^exports/${userId}/[\\w-]+/files/\\d+\\.jpg$`)),
      expect.stringMatching(new RegExp(`^exports/${userId}/[\\w-]+/zip-layout\\.json$`)),
    ]);
    expect(await listFiles(testApp.deps.config.mediaDir)).toEqual([]);
  });
});
