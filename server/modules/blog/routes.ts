import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blogListQueryKey } from '#contract/blog-terms.ts';
import { errorBody, idParam } from '#contract/common.ts';
import type { AppDeps } from '#server/deps.ts';
import { publicRead, sendKeptJson } from '#server/http/caching.ts';
import { NotFound } from '#server/http/errors.ts';
import { sendStoredFile } from '#server/media/send-stored-file.ts';
import { assertValidKey } from '#server/media/storage.ts';
import { blogPostingJsonLd, postPath, renderRss, renderSitemap } from './feeds.ts';
import { publicBlogPost, publicBlogPostList } from './schemas.ts';
import { type BlogService, COVER_PREFIX, coverKeyOf } from './service.ts';

const RSS_ITEMS = 20;

export const blogRoutes =
  (deps: AppDeps, service: BlogService): FastifyPluginAsyncZod =>
  async (app) => {
    // The list page's words are in the site's page table (server/http/site-pages.ts).
    deps.pageMeta.register(/^\/blog\/([^/]+)\/?$/, async (match) => {
      const post = await service.findPublishedPost(decodeURIComponent(match[1]!));
      if (!post) return null;
      return {
        title: `${post.title} · Pilgrim Reflections`,
        description: post.teaser,
        type: 'article',
        canonical: postPath(post),
        jsonLd: [blogPostingJsonLd(post, deps.config.PUBLIC_URL)],
        ...(post.image ? { image: post.image } : {}),
      };
    });

    // The list page's first screen shows the posts, as GET /api/posts/ answers them: what a reader came
    // for paints with the page, and the app starts from them instead of asking again.
    deps.firstScreenData.register(/^\/blog$/, async () => [
      { key: blogListQueryKey, value: publicBlogPostList.parse(await service.listPublishedPosts()) },
    ]);

    app.get(
      '/api/posts/',
      {
        ...publicRead(0),
        schema: {
          tags: ['blog'],
          summary: 'Published Pilgrim Reflections posts, newest first',
          response: { 200: publicBlogPostList },
        },
      },
      async (_request, reply) => sendKeptJson(reply, publicBlogPostList, await service.listPublishedPosts()),
    );

    app.get(
      '/api/posts/:id/',
      {
        ...publicRead(0),
        schema: {
          tags: ['blog'],
          summary: 'One published post, by id or by slug',
          params: idParam,
          response: { 200: publicBlogPost, 404: errorBody },
        },
      },
      async (request) => service.getPublishedPost(request.params.id),
    );

    app.get(
      '/blog/rss.xml',
      {
        ...publicRead(300),
        schema: {
          tags: ['blog'],
          summary: 'RSS feed of Pilgrim Reflections',
          produces: ['application/rss+xml'],
        },
      },
      async (_request, reply) => {
        const posts = (await service.listPublishedPosts()).slice(0, RSS_ITEMS);
        return reply
          .type('application/rss+xml; charset=utf-8')
          .send(renderRss(posts, deps.config.PUBLIC_URL));
      },
    );

    app.get(
      '/sitemap.xml',
      {
        ...publicRead(300),
        schema: {
          tags: ['blog'],
          summary: 'Sitemap of the public pages and posts',
          produces: ['application/xml'],
        },
      },
      async (_request, reply) =>
        reply
          .type('application/xml; charset=utf-8')
          .send(renderSitemap(await service.listPublishedPosts(), deps.config.PUBLIC_URL)),
    );

    app.get(
      `${COVER_PREFIX}:file`,
      {
        schema: {
          tags: ['blog'],
          summary: 'A post’s cover image',
          params: z.object({ file: z.string().max(200) }),
        },
      },
      async (request, reply) => {
        const key = coverKeyOf(request.params.file);
        try {
          assertValidKey(key);
        } catch {
          throw new NotFound('No such image');
        }
        return sendStoredFile(request, reply, deps.storage, key, {
          cacheControl: 'public, max-age=31536000, immutable',
          missingMessage: 'No such image',
        });
      },
    );
  };
