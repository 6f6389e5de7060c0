import { z } from 'zod';

/** The query the blog's list page reads its posts with; the server fills its first screen in with them. */
export const blogListQueryKey = ['blog', 'list'] as const;

export const blogMessages = {
  listEmpty: 'No blog posts found',
  notFound: 'Blog post not found',
  loadFailed: 'Could not load the blog. Please try again.',
} as const;

export const blogLimits = {
  title: 200,
  body: 50_000,
  teaser: 300,
  author: 100,
  /** The spec: a missing teaser falls back to the first 150 characters of the body. */
  teaserFallback: 150,
  coverBytes: 10 * 1024 * 1024,
} as const;

/** The teaser people see: the written one, else the start of the body. */
export const teaserOf = (teaser: string | null | undefined, body: string): string => {
  const written = teaser?.trim();
  if (written) return written;
  return body.trim().slice(0, blogLimits.teaserFallback);
};

/** The body's paragraphs, split at blank lines as the spec asks. */
export const paragraphsOf = (body: string): string[] =>
  body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

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
