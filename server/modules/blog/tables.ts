import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns } from '#server/db/columns.ts';

/** A Pilgrim Reflections post; a null published_at is a draft. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: idColumn(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    teaser: text('teaser').notNull().default(''),
    author: text('author').notNull(),
    coverKey: text('cover_key'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('blog_posts_slug_unique').on(table.slug),
    index('blog_posts_published_idx').on(table.publishedAt),
  ],
);
