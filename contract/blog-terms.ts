/**
 * The blog's words, limits and how a post's text reads, without a schema library: the blog's first
 * screen needs these and nothing of Zod. The request and response schemas are in blog.ts.
 */

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
