import { and, asc, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { findRow } from '#server/db/rows.ts';
import { users } from '#server/identity/tables.ts';
import { soulStories, soulStoryKeepsakes } from './tables.ts';

export type StoryRow = typeof soulStories.$inferSelect;
export type KeepsakeRow = typeof soulStoryKeepsakes.$inferSelect;

export const listForUser = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(soulStories)
    .where(eq(soulStories.userId, userId))
    .orderBy(asc(soulStories.position), asc(soulStories.createdAt));

export const findOwned = (db: DbOrTx, userId: string, id: string) =>
  findRow(db, soulStories, and(eq(soulStories.id, id), eq(soulStories.userId, userId)));

export const findById = (db: DbOrTx, id: string) => findRow(db, soulStories, eq(soulStories.id, id));

export const findPromptTake = (db: DbOrTx, userId: string, type: string) =>
  findRow(db, soulStories, and(eq(soulStories.userId, userId), eq(soulStories.type, type)));

export const countPhotos = async (db: DbOrTx, userId: string) => {
  const [row] = await db
    .select({ value: count() })
    .from(soulStories)
    .where(and(eq(soulStories.userId, userId), eq(soulStories.type, 'photo')));
  return row?.value ?? 0;
};

export const countForUser = async (db: DbOrTx, userId: string) => {
  const [row] = await db.select({ value: count() }).from(soulStories).where(eq(soulStories.userId, userId));
  return row?.value ?? 0;
};

export const completedPrompts = async (db: DbOrTx, userId: string) =>
  (
    await db
      .select({ type: soulStories.type })
      .from(soulStories)
      .where(and(eq(soulStories.userId, userId), ne(soulStories.type, 'photo')))
  ).map((row) => row.type);

export const nextPosition = async (db: DbOrTx, userId: string) => {
  const [row] = await db
    .select({ value: sql<number>`coalesce(max(${soulStories.position}), -1) + 1` })
    .from(soulStories)
    .where(eq(soulStories.userId, userId));
  return Number(row?.value ?? 0);
};

export const insertStory = async (db: DbOrTx, values: typeof soulStories.$inferInsert) => {
  const [row] = await db.insert(soulStories).values(values).returning();
  return row!;
};

/** A new take of a prompt keeps its place in the order but starts a fresh segment, without the old take's captions. */
export const replaceMedia = async (
  db: DbOrTx,
  id: string,
  values: {
    title: string;
    mediaKey: string;
    mediaCrc32: number;
    segmentSeconds: number;
    takeSeconds: number | null;
  },
) => {
  const [row] = await db
    .update(soulStories)
    .set({
      ...values,
      segmentKey: null,
      segmentStatus: 'pending',
      segmentProgress: 0,
      captionsKey: null,
      captionsLanguage: null,
      captionsSource: null,
      updatedAt: new Date(),
    })
    .where(eq(soulStories.id, id))
    .returning();
  return row!;
};

export const setCaptions = (
  db: DbOrTx,
  id: string,
  values: { captionsKey: string; captionsLanguage: string; captionsSource: 'pilgrim' | 'transcribed' },
) => db.update(soulStories).set(values).where(eq(soulStories.id, id));

export const deleteStory = (db: DbOrTx, id: string) => db.delete(soulStories).where(eq(soulStories.id, id));

export const setPosition = (db: DbOrTx, id: string, position: number) =>
  db.update(soulStories).set({ position }).where(eq(soulStories.id, id));

/** Only while the row still holds this media: a replaced take's late render changes nothing. */
export const setSegmentProgress = (db: DbOrTx, id: string, mediaKey: string, progress: number) =>
  db
    .update(soulStories)
    .set({ segmentProgress: progress })
    .where(and(eq(soulStories.id, id), eq(soulStories.mediaKey, mediaKey)));

export const finishSegment = async (
  db: DbOrTx,
  id: string,
  mediaKey: string,
  values: { segmentKey: string | null; segmentStatus: 'ready' | 'failed'; segmentSeconds?: number },
) => {
  const updated = await db
    .update(soulStories)
    .set({ ...values, segmentProgress: values.segmentStatus === 'ready' ? 100 : 0 })
    .where(and(eq(soulStories.id, id), eq(soulStories.mediaKey, mediaKey)))
    .returning({ id: soulStories.id });
  return updated.length > 0;
};

export const findKeepsake = (db: DbOrTx, userId: string) =>
  findRow(db, soulStoryKeepsakes, eq(soulStoryKeepsakes.userId, userId));

/** Records a change to the memories (the keepsake must be made again) and locks the row for the transaction. */
export const bumpVersion = async (db: DbOrTx, userId: string) => {
  const [row] = await db
    .insert(soulStoryKeepsakes)
    .values({ userId, version: 1 })
    .onConflictDoUpdate({
      target: soulStoryKeepsakes.userId,
      set: { version: sql`${soulStoryKeepsakes.version} + 1`, joinProgress: 0, updatedAt: new Date() },
    })
    .returning();
  return row!;
};

/** Serialises one user's changes (two photo uploads at once cannot both pass the limit). */
export const lockKeepsake = async (db: DbOrTx, userId: string) => {
  await db.insert(soulStoryKeepsakes).values({ userId }).onConflictDoNothing();
  await db.select().from(soulStoryKeepsakes).where(eq(soulStoryKeepsakes.userId, userId)).for('update');
};

export const clearKeepsakeVideo = (db: DbOrTx, userId: string) =>
  db
    .update(soulStoryKeepsakes)
    .set({
      videoKey: null,
      videoCrc32: null,
      posterKey: null,
      captionsKey: null,
      captionsLanguage: null,
      captionedVideoKey: null,
      captionedVersion: null,
      renderedVersion: null,
      updatedAt: new Date(),
    })
    .where(eq(soulStoryKeepsakes.userId, userId));

export const setJoinProgress = (db: DbOrTx, userId: string, version: number, progress: number) =>
  db
    .update(soulStoryKeepsakes)
    .set({ joinProgress: progress })
    .where(and(eq(soulStoryKeepsakes.userId, userId), eq(soulStoryKeepsakes.version, version)));

/**
 * Publishes a finished keepsake only if nothing changed while it rendered and no other render of the
 * same version was published first; answers the keepsake it replaced, or null when it published nothing.
 */
export const publishKeepsake = async (
  db: DbOrTx,
  userId: string,
  version: number,
  values: {
    videoKey: string;
    videoCrc32: number;
    posterKey: string;
    /** Null when no take has captions: a keepsake that had them before loses them. */
    captionsKey: string | null;
    captionsLanguage: string | null;
    openingCardKey?: string;
    closingCardKey?: string;
  },
) => {
  const previous = await findKeepsake(db, userId);
  if (!previous || previous.version !== version) return null;
  // Two renders finishing together both read the row above: the update, which waits for the other's
  // and then checks its condition again, lets only one of them publish (and notify).
  const published = await db
    .update(soulStoryKeepsakes)
    // The captioned version drawn from the keepsake it replaces goes with it; the new one is drawn anew.
    .set({
      ...values,
      captionedVideoKey: null,
      captionedVersion: null,
      renderedVersion: version,
      joinProgress: 100,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(soulStoryKeepsakes.userId, userId),
        eq(soulStoryKeepsakes.version, version),
        or(isNull(soulStoryKeepsakes.renderedVersion), ne(soulStoryKeepsakes.renderedVersion, version)),
      ),
    )
    .returning({ userId: soulStoryKeepsakes.userId });
  return published.length === 1 ? previous : null;
};

/** The pilgrim asked for the captioned keepsake: every keepsake published from now on is drawn too. */
export const requestCaptioned = (db: DbOrTx, userId: string) =>
  db
    .update(soulStoryKeepsakes)
    .set({ captionedRequested: true, updatedAt: new Date() })
    .where(eq(soulStoryKeepsakes.userId, userId));

/** Names the captioned file drawn from this version, only while it is still the keepsake shown. */
export const publishCaptioned = async (db: DbOrTx, userId: string, version: number, videoKey: string) => {
  const published = await db
    .update(soulStoryKeepsakes)
    .set({ captionedVideoKey: videoKey, captionedVersion: version, updatedAt: new Date() })
    .where(and(eq(soulStoryKeepsakes.userId, userId), eq(soulStoryKeepsakes.renderedVersion, version)))
    .returning({ userId: soulStoryKeepsakes.userId });
  return published.length === 1;
};

export const markKeepsakeFailed = (db: DbOrTx, userId: string, version: number) =>
  db
    .update(soulStoryKeepsakes)
    .set({ failedVersion: version, updatedAt: new Date() })
    .where(and(eq(soulStoryKeepsakes.userId, userId), eq(soulStoryKeepsakes.version, version)));

export const setShareToken = (db: DbOrTx, userId: string, token: string | null) =>
  db
    .update(soulStoryKeepsakes)
    .set({ shareToken: token, updatedAt: new Date() })
    .where(eq(soulStoryKeepsakes.userId, userId));

export const findShared = async (db: DbOrTx, token: string) => {
  const [row] = await db
    .select({
      videoKey: soulStoryKeepsakes.videoKey,
      posterKey: soulStoryKeepsakes.posterKey,
      captionsKey: soulStoryKeepsakes.captionsKey,
      captionsLanguage: soulStoryKeepsakes.captionsLanguage,
      renderedVersion: soulStoryKeepsakes.renderedVersion,
      captionedVideoKey: soulStoryKeepsakes.captionedVideoKey,
      captionedVersion: soulStoryKeepsakes.captionedVersion,
      firstName: users.firstName,
      username: users.username,
    })
    .from(soulStoryKeepsakes)
    .innerJoin(users, eq(users.id, soulStoryKeepsakes.userId))
    .where(eq(soulStoryKeepsakes.shareToken, token))
    .limit(1);
  return row ?? null;
};
