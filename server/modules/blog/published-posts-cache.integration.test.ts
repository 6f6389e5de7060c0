import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '#contract/blog.ts';
import { LISTENER_APPLICATION_NAME } from '#server/db/pubsub.ts';
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
    /** This process's listening connection, opened before the other process started. */
    let ownListenerPid: number | undefined;

    beforeAll(async () => {
      testApp = await createTestApp();
      [ownListenerPid] = await listeners();
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

    /** The backends listening for messages: one per process on this database. */
    const listeners = async () =>
      (
        (await testApp.deps.db.execute(
          sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
        )) as { rows: { pid: number }[] }
      ).rows.map((row) => row.pid);

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

    it('misses no post while the other process has lost its listening connection, nor once it listens again', async () => {
      const otherListener = (await listeners()).find((pid) => pid !== ownListenerPid);
      await titlesFromOther();
      await testApp.deps.db.execute(sql`select pg_terminate_backend(${otherListener})`);
      await publishNewPost(testApp, 'Rain on the Meseta');
      // Sooner than it listens again (a second after the loss): it kept nothing once the connection was lost.
      await waitFor(titlesFromOther, (titles) => titles[0] === 'Rain on the Meseta', 800);

      // Listening again, it keeps the list once more and still hears the next change.
      await waitFor(listeners, (pids) => pids.length === 2 && !pids.includes(otherListener!), 10_000);
      await titlesFromOther();
      await publishNewPost(testApp, 'The cross at Foncebadón');
      const after = await waitFor(titlesFromOther, (titles) => titles[0] === 'The cross at Foncebadón', 3000);
      expect(after.slice(0, 2)).toEqual(['The cross at Foncebadón', 'Rain on the Meseta']);
    });
  },
);
