import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '#contract/blog.ts';
import { type AppProcess, freePort, killProcesses, startProcess, waitForOk } from '#test/app-process.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { waitFor } from '#test/wait-for.ts';

/** An admin writes a post and publishes it, as the admin console does. */
const publishNewPost = async (testApp: TestApp, title: string) => {
  const blog = testApp.deps.services.blog;
  const post = await blog.createPost({ title, body: `${title}, in a few words.`, teaser: '', author: 'Ana' });
  return blog.publishPost(post.id);
};

describe(`the kept list of published posts on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const list = async () => {
    const response = await testApp.app.inject({ url: '/api/posts/' });
    return {
      etag: String(response.headers.etag),
      titles: (response.json() as BlogPost[]).map((p) => p.title),
    };
  };

  it('shows a post the moment it is published, unpublished or retitled, with a new ETag each time', async () => {
    const before = await list();
    const post = await publishNewPost(testApp, 'Dawn at O Cebreiro');
    const published = await list();
    expect(published.titles[0]).toBe('Dawn at O Cebreiro');
    expect(published.etag).not.toBe(before.etag);
    const revalidated = await testApp.app.inject({
      url: '/api/posts/',
      headers: { 'if-none-match': published.etag },
    });
    expect(revalidated.statusCode).toBe(304);

    await testApp.deps.services.blog.updatePost(post.id, {
      title: 'Dawn above the clouds',
      body: post.body,
      teaser: '',
      author: 'Ana',
    });
    expect((await list()).titles[0]).toBe('Dawn above the clouds');

    await testApp.deps.services.blog.unpublishPost(post.id);
    const unpublished = await list();
    expect(unpublished.titles).not.toContain('Dawn above the clouds');
    expect(unpublished).toEqual(before);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')(
  'the kept list of published posts across processes',
  () => {
    let testApp: TestApp;
    let other: AppProcess;
    let otherOrigin: string;
    let otherDataDir: string;

    beforeAll(async () => {
      testApp = await createTestApp();
      otherDataDir = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-test-'));
      const port = await freePort();
      otherOrigin = `http://127.0.0.1:${port}`;
      other = startProcess('server/main.ts', {
        DATA_DIR: otherDataDir,
        PORT: String(port),
        DATABASE_URL: testApp.deps.database.connectionString!,
        RUN_MODE: 'web',
      });
      await waitForOk(`${otherOrigin}/readyz`, { app: other });
    }, 120_000);
    afterAll(async () => {
      await other.stop();
      killProcesses();
      await testApp.close();
      await rm(otherDataDir, { recursive: true, force: true });
    });

    const titlesFromOther = async () =>
      ((await (await fetch(`${otherOrigin}/api/posts/`)).json()) as BlogPost[]).map((post) => post.title);

    it('another web process on the same database shows a post as soon as it is published here', async () => {
      const before = await titlesFromOther();
      // Read twice, so the other process answers from what it keeps.
      expect(await titlesFromOther()).toEqual(before);

      await publishNewPost(testApp, 'The bridge at Puente la Reina');
      // Well within the minute a kept list may live without word of a change.
      const after = await waitFor(titlesFromOther, (titles) => titles.length > before.length, 3000);
      expect(after).toEqual(['The bridge at Puente la Reina', ...before]);
    });
  },
);
