import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  type AdminBlogPost,
  type BlogPost,
  type BlogPostValues,
  blogMessages,
  teaserOf,
} from '#contract/blog.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { NotFound, UnsupportedMedia } from '#server/http/errors.ts';
import type { TemporaryFile } from '#server/http/multipart.ts';
import type { Storage } from '#server/media/storage.ts';
import type { BlogPostRow } from './repository.ts';
import * as repository from './repository.ts';
import { firstFreeSlug, isUuid, slugify } from './slug.ts';

export const COVER_PREFIX = '/blog/covers/';
const COVER_FOLDER = 'blog';
const COVER_MAX_WIDTH = 1600;
const acceptedCoverFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

const coverUrl = (key: string | null) =>
  key ? `${COVER_PREFIX}${key.slice(COVER_FOLDER.length + 1)}` : null;

export const toPublicPost = (row: BlogPostRow): BlogPost => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  body: row.body,
  teaser: teaserOf(row.teaser, row.body),
  image: coverUrl(row.coverKey),
  author: row.author,
  published_at: row.publishedAt ? row.publishedAt.toISOString() : null,
});

const toAdminPost = (row: BlogPostRow): AdminBlogPost => ({
  ...toPublicPost(row),
  written_teaser: row.teaser,
  status: row.publishedAt ? 'published' : 'draft',
  updated_at: row.updatedAt.toISOString(),
});

export const listPublishedPosts = async (db: DbOrTx) =>
  (await repository.listPublished(db)).map(toPublicPost);

/** `/blog/{id}` and `/api/posts/{id}/` accept the id or the readable slug. */
export const getPublishedPost = async (db: DbOrTx, idOrSlug: string) => {
  const row = await repository.findPublished(db, isUuid(idOrSlug) ? 'id' : 'slug', idOrSlug.toLowerCase());
  if (!row) throw new NotFound(blogMessages.notFound);
  return toPublicPost(row);
};

export const findPublishedPost = async (db: DbOrTx, idOrSlug: string) => {
  try {
    return await getPublishedPost(db, idOrSlug);
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
};

const existing = async (db: DbOrTx, id: string) => {
  const row = isUuid(id) ? await repository.findById(db, id) : null;
  if (!row) throw new NotFound(blogMessages.notFound);
  return row;
};

export const listAllPosts = async (db: DbOrTx) => (await repository.listAll(db)).map(toAdminPost);

export const getPostForAdmin = async (db: DbOrTx, id: string) => toAdminPost(await existing(db, id));

/** A new post starts as a draft; its slug comes from the title and never changes, so links keep working. */
export const createPost = async (db: DbOrTx, values: BlogPostValues) => {
  const base = slugify(values.title);
  const slug = firstFreeSlug(base, await repository.slugsLike(db, base));
  return toAdminPost(await repository.insert(db, { ...values, slug }));
};

export const updatePost = async (db: DbOrTx, id: string, values: BlogPostValues) => {
  await existing(db, id);
  return toAdminPost((await repository.update(db, id, values))!);
};

export const publishPost = async (db: DbOrTx, id: string) => {
  const row = await existing(db, id);
  if (row.publishedAt) return toAdminPost(row);
  return toAdminPost((await repository.update(db, id, { publishedAt: new Date() }))!);
};

export const unpublishPost = async (db: DbOrTx, id: string) => {
  await existing(db, id);
  return toAdminPost((await repository.update(db, id, { publishedAt: null }))!);
};

/** Checks the upload by decoding it, then stores a resized WebP without the camera's metadata. */
export const setCover = async (deps: { db: DbOrTx; storage: Storage }, id: string, upload: TemporaryFile) => {
  const row = await existing(deps.db, id);
  const notAnImage = new UnsupportedMedia('The cover must be a JPEG, PNG, WebP, GIF or AVIF image.');
  let cover: Buffer;
  try {
    const metadata = await sharp(upload.path).metadata();
    if (!metadata.format || !acceptedCoverFormats.has(metadata.format)) throw notAnImage;
    cover = await sharp(upload.path)
      .rotate()
      .resize({ width: COVER_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error === notAnImage) throw error;
    throw notAnImage;
  }
  const key = `${COVER_FOLDER}/${row.id}-${randomUUID().slice(0, 8)}.webp`;
  await deps.storage.write(key, cover);
  const updated = await repository.update(deps.db, id, { coverKey: key });
  if (row.coverKey) await deps.storage.remove(row.coverKey);
  return toAdminPost(updated!);
};

export const coverKeyOf = (file: string) => `${COVER_FOLDER}/${file}`;
