import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { findRow, updateById } from '#server/db/rows.ts';
import { blogPosts } from './tables.ts';

export type BlogPostRow = typeof blogPosts.$inferSelect;

const FEED_LIMIT = 200;
const isPublished = and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, sql`now()`));

export const listPublished = (db: DbOrTx, limit = FEED_LIMIT) =>
  db
    .select()
    .from(blogPosts)
    .where(isPublished)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit);

export const listAll = (db: DbOrTx) =>
  db.select().from(blogPosts).orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id)).limit(FEED_LIMIT);

export const findPublished = (db: DbOrTx, column: 'id' | 'slug', value: string) =>
  findRow(db, blogPosts, and(eq(blogPosts[column], value), isPublished));

export const findById = (db: DbOrTx, id: string) => findRow(db, blogPosts, eq(blogPosts.id, id));

export const slugsLike = async (db: DbOrTx, base: string) =>
  (
    await db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(sql`${blogPosts.slug} = ${base} or ${blogPosts.slug} like ${`${base}-%`}`)
  ).map((row) => row.slug);

export const insert = async (
  db: DbOrTx,
  values: { slug: string; title: string; body: string; teaser: string; author: string },
) => {
  const [row] = await db.insert(blogPosts).values(values).returning();
  return row!;
};

export const update = (
  db: DbOrTx,
  id: string,
  values: Partial<Pick<BlogPostRow, 'title' | 'body' | 'teaser' | 'author' | 'coverKey' | 'publishedAt'>>,
) => updateById(db, blogPosts, id, values);
