import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { AdminBlogPost } from '#contract/blog.ts';
import { blogPosts } from './tables.ts';

const row = createSelectSchema(blogPosts).shape;

/** The admin's view of a post, drafts included; checked against the contract the console reads. */
export const adminBlogPost = z.object({
  id: row.id,
  slug: row.slug,
  title: row.title,
  body: row.body,
  teaser: z.string(),
  image: z.string().nullable(),
  author: row.author,
  published_at: z.string().nullable(),
  written_teaser: row.teaser,
  status: z.enum(['draft', 'published']),
  updated_at: z.string(),
}) satisfies z.ZodType<AdminBlogPost>;
