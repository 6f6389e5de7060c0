import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '#contract/blog.ts';
import { blogMessages } from '#contract/blog-terms.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe(`blog on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });
  const listPosts = async () => (await get('/api/posts/')).json() as BlogPost[];

  it('lists the seeded reflections newest first, with every field the spec names', async () => {
    const response = await get('/api/posts/');
    expect(response.statusCode).toBe(200);
    const posts = response.json() as BlogPost[];
    expect(posts.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(posts[0]!).sort()).toEqual(
      ['author', 'body', 'id', 'image', 'published_at', 'slug', 'teaser', 'title'].sort(),
    );
    const dates = posts.map((post) => post.published_at!);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(posts.map((post) => post.title)).toContain('Carrying the shell home');
  });

  it('finds a post by its id and by its slug, and answers 404 for anything else', async () => {
    const [post] = await listPosts();
    const byId = await get(`/api/posts/${post!.id}/`);
    const bySlug = await get(`/api/posts/${post!.slug}/`);
    expect(byId.json()).toEqual(post);
    expect(bySlug.json()).toEqual(post);
    const missing = await get('/api/posts/no-such-reflection/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(blogMessages.notFound);
    expect((await get('/api/posts/00000000-0000-4000-8000-000000000000/')).statusCode).toBe(404);
  });

  it('keeps drafts private, falls back to the first 150 characters of the body, and shows HTML as text', async () => {
    const body = `<script>alert("x")</script> ${'A long walk home. '.repeat(20)}`;
    const draft = await testApp.deps.services.blog.createPost({
      title: 'Slow mornings & <b>quiet</b> evenings',
      body,
      teaser: '',
      author: 'Ana',
    });
    expect(draft.status).toBe('draft');
    expect(draft.slug).toBe('slow-mornings-b-quiet-b-evenings');
    expect((await get(`/api/posts/${draft.slug}/`)).statusCode).toBe(404);
    expect((await listPosts()).some((post) => post.id === draft.id)).toBe(false);

    await testApp.deps.services.blog.publishPost(draft.id);
    const published = (await get(`/api/posts/${draft.id}/`)).json() as BlogPost;
    expect(published.teaser).toBe(body.trim().slice(0, 150));
    expect(published.body).toBe(body);

    const twin = await testApp.deps.services.blog.createPost({
      title: 'Slow mornings & <b>quiet</b> evenings',
      body: 'Again.',
      teaser: '',
      author: 'Ana',
    });
    expect(twin.slug).toBe('slow-mornings-b-quiet-b-evenings-2');

    const rss = await get('/blog/rss.xml');
    expect(rss.headers['content-type']).toContain('application/rss+xml');
    expect(rss.body).toContain('<title>Slow mornings &amp; &lt;b&gt;quiet&lt;/b&gt; evenings</title>');
    expect(rss.body).not.toContain('<script>');
    expect(rss.body).toContain('http://localhost:3000/blog/slow-mornings-b-quiet-b-evenings</link>');

    await testApp.deps.services.blog.unpublishPost(draft.id);
    expect((await get(`/api/posts/${draft.id}/`)).statusCode).toBe(404);
    expect((await get('/blog/rss.xml')).body).not.toContain('Slow mornings');
  });

  it('publishes a sitemap with the public pages and every published post', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toContain('<loc>http://localhost:3000/blog</loc>');
    expect(response.body).toContain('<loc>http://localhost:3000/blog/carrying-the-shell-home</loc>');
  });

  it('gives a post page its Open Graph title and description, by slug and by id', async () => {
    const [post] = await listPosts();
    for (const key of [post!.slug, post!.id]) {
      const meta = await testApp.deps.pageMeta.resolve(`/blog/${key}`);
      expect(meta).toMatchObject({
        title: `${post!.title} · Pilgrim Reflections`,
        description: post!.teaser,
        type: 'article',
      });
    }
    // A post that does not exist gets the site's own words, kept out of search results.
    expect(await testApp.deps.pageMeta.resolve('/blog/no-such-post')).toMatchObject({ robots: 'noindex' });
  });

  it('answers an over-long id with a 4xx and a message, never a 500', async () => {
    const response = await get(`/api/posts/${'x'.repeat(300)}/`);
    expect(response.statusCode).toBe(414);
    expect(response.json().error).toEqual(expect.any(String));
  });

  it('documents the blog, newsletter and admin routes in the OpenAPI document', async () => {
    const response = await get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/posts/',
        '/api/posts/{id}/',
        '/api/newsletter/subscribe/',
        '/api/newsletter/confirm/',
        '/api/newsletter/unsubscribe/',
        '/api/admin/posts/{id}/cover/',
        '/api/admin/newsletter/letters/',
      ]),
    );
  });
});
