import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { AdminBlogPost, BlogPost } from '#contract/blog.ts';
import { blogPosts } from './tables.ts';

const row = createSelectSchema(blogPosts).pick({
  id: true,
  slug: true,
  title: true,
  body: true,
  teaser: true,
  author: true,
}).shape;

/**
 * A published post as everyone reads it (GET /api/posts/ and /api/posts/{id}/): the teaser shown (the
 * written one, else the start of the body) and the cover's URL; checked against the contract the blog reads.
 */
export const publicBlogPost = z.object({
  id: row.id,
  slug: row.slug,
  title: row.title,
  body: row.body,
  teaser: z.string(),
  image: z.string().nullable(),
  author: row.author,
  published_at: z.string().nullable(),
}) satisfies z.ZodType<BlogPost>;

export const publicBlogPostList = z.array(publicBlogPost);

/** The admin's view of a post, drafts included, with the teaser as written. */
export const adminBlogPost = publicBlogPost.extend({
  written_teaser: row.teaser,
  status: z.enum(['draft', 'published']),
  updated_at: z.string(),
}) satisfies z.ZodType<AdminBlogPost>;
