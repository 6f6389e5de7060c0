import { z } from 'zod';
import { blogLimits } from './blog-terms.ts';

/** A post as the public API gives it (GET /api/posts/ and /api/posts/{id}/). */
const blogPost = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  teaser: z.string(),
  image: z.string().nullable(),
  author: z.string(),
  published_at: z.string().nullable(),
});
export type BlogPost = z.infer<typeof blogPost>;

const requiredText = (max: number, name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);

/** What an admin writes; the slug is made from the title once, so shared links keep working. */
export const blogPostInput = z.object({
  title: requiredText(blogLimits.title, 'Title'),
  body: requiredText(blogLimits.body, 'Body'),
  teaser: z
    .string()
    .trim()
    .max(blogLimits.teaser, `Teaser must be at most ${blogLimits.teaser} characters`)
    .optional()
    .default(''),
  author: requiredText(blogLimits.author, 'Author'),
});
export type BlogPostInput = z.input<typeof blogPostInput>;
export type BlogPostValues = z.output<typeof blogPostInput>;

/** The admin's view of a post: drafts included, with the written teaser as stored. */
const adminBlogPost = blogPost.extend({
  written_teaser: z.string(),
  status: z.enum(['draft', 'published']),
  updated_at: z.string(),
});
export type AdminBlogPost = z.infer<typeof adminBlogPost>;

export const coverImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
