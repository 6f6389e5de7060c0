import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { AdminBlogPost, BlogPost, BlogPostValues } from '#contract/blog.ts';
import { blogMessages, teaserOf } from '#contract/blog-terms.ts';
import { cachedUntilChanged } from '#server/db/cached-until-changed.ts';
import type { AppDeps } from '#server/deps.ts';
import { NotFound, UnsupportedMedia } from '#server/http/errors.ts';
import type { TemporaryFile } from '#server/http/multipart.ts';
import type { BlogPostRow } from './repository.ts';
import * as repository from './repository.ts';
import { firstFreeSlug, isUuid, slugify } from './slug.ts';

type BlogDeps = Pick<AppDeps, 'db' | 'storage' | 'pubsub'>;

/** The channel that tells every process a post was written. */
const BLOG_CHANGED = 'blog_changed';

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

export const coverKeyOf = (file: string) => `${COVER_FOLDER}/${file}`;

export const createBlogService = (deps: BlogDeps) => {
  const { db, pubsub } = deps;

  /**
   * The list every visitor reads (the blog page, RSS, the sitemap) is kept until an admin changes a post,
   * in this process or another. The same array comes back until then, so its JSON is made once too.
   */
  const publishedPosts = cachedUntilChanged(pubsub, BLOG_CHANGED, async () =>
    (await repository.listPublished(db)).map(toPublicPost),
  );
  const changed = <T>(result: T) => publishedPosts.changed().then(() => result);

  /** `/blog/{id}` and `/api/posts/{id}/` accept the id or the readable slug. */
  const getPublishedPost = async (idOrSlug: string) => {
    const row = await repository.findPublished(db, isUuid(idOrSlug) ? 'id' : 'slug', idOrSlug.toLowerCase());
    if (!row) throw new NotFound(blogMessages.notFound);
    return toPublicPost(row);
  };

  const findPublishedPost = async (idOrSlug: string) => {
    try {
      return await getPublishedPost(idOrSlug);
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
  };

  const existing = async (id: string) => {
    const row = isUuid(id) ? await repository.findById(db, id) : null;
    if (!row) throw new NotFound(blogMessages.notFound);
    return row;
  };

  const listAllPosts = async () => (await repository.listAll(db)).map(toAdminPost);

  const getPostForAdmin = async (id: string) => toAdminPost(await existing(id));

  /** A new post starts as a draft; its slug comes from the title and never changes, so links keep working. */
  const createPost = async (values: BlogPostValues) => {
    const base = slugify(values.title);
    const slug = firstFreeSlug(base, await repository.slugsLike(db, base));
    return changed(toAdminPost(await repository.insert(db, { ...values, slug })));
  };

  const updatePost = async (id: string, values: BlogPostValues) => {
    await existing(id);
    return changed(toAdminPost((await repository.update(db, id, values))!));
  };

  const publishPost = async (id: string) => {
    const row = await existing(id);
    if (row.publishedAt) return toAdminPost(row);
    return changed(toAdminPost((await repository.update(db, id, { publishedAt: new Date() }))!));
  };

  const unpublishPost = async (id: string) => {
    await existing(id);
    return changed(toAdminPost((await repository.update(db, id, { publishedAt: null }))!));
  };

  /** Checks the upload by decoding it, then stores a resized WebP without the camera's metadata. */
  const setCover = async (id: string, upload: TemporaryFile) => {
    const row = await existing(id);
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
    const updated = await repository.update(db, id, { coverKey: key });
    if (row.coverKey) await deps.storage.remove(row.coverKey);
    return changed(toAdminPost(updated!));
  };

  return {
    listPublishedPosts: publishedPosts.read,
    getPublishedPost,
    findPublishedPost,
    listAllPosts,
    getPostForAdmin,
    createPost,
    updatePost,
    publishPost,
    unpublishPost,
    setCover,
  };
};

export type BlogService = ReturnType<typeof createBlogService>;
