import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestampColumns, updatedAtColumn } from '#server/db/columns.ts';
import { userRowColumns, users } from '#server/identity/tables.ts';

/** One memory: a prompt's video take or a photo, with its normalised segment for the keepsake. */
export const soulStories = pgTable(
  'soul_stories',
  {
    ...userRowColumns(),
    /** A prompt id or 'photo'. */
    type: text('type').notNull(),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['video', 'photo'] }).notNull(),
    mediaKey: text('media_key').notNull(),
    /**
     * The stored file's CRC-32, taken as it was stored, so an export copies the file without reading it
     * twice; null for memories saved before it was kept.
     */
    mediaCrc32: bigint('media_crc32', { mode: 'number' }),
    position: integer('position').notNull(),
    /** The segment's expected length, known at upload, weighs render progress. */
    segmentSeconds: real('segment_seconds').notNull(),
    segmentKey: text('segment_key'),
    segmentStatus: text('segment_status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    segmentProgress: integer('segment_progress').notNull().default(0),
    /**
     * A video take's own length in seconds, as probed when it was admitted: its captions must end by
     * then. Null for photos, and for takes saved before it was kept (their length is read from
     * `segmentSeconds`, which holds it to the frame).
     */
    takeSeconds: real('take_seconds'),
    /**
     * The take's captions: a WebVTT file stored beside it (its key names the take's), their language
     * tag and who wrote them. All null when it has none; a new take of the prompt drops them.
     */
    captionsKey: text('captions_key'),
    captionsLanguage: text('captions_language'),
    captionsSource: text('captions_source', { enum: ['pilgrim', 'transcribed'] }),
    ...timestampColumns(),
  },
  (table) => [
    index('soul_stories_user_position_idx').on(table.userId, table.position),
    uniqueIndex('soul_stories_one_take_per_prompt')
      .on(table.userId, table.type)
      .where(sql`${table.type} <> 'photo'`),
  ],
);

/** The user's keepsake: `version` counts changes to the memories; the video shown is `renderedVersion`'s. */
export const soulStoryKeepsakes = pgTable('soul_story_keepsakes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  renderedVersion: integer('rendered_version'),
  failedVersion: integer('failed_version'),
  videoKey: text('video_key'),
  /** The video's CRC-32, taken when it was rendered, for the export; null for keepsakes made before. */
  videoCrc32: bigint('video_crc32', { mode: 'number' }),
  posterKey: text('poster_key'),
  /**
   * The shown video's captions: one WebVTT file for the whole keepsake (each take's cues where it
   * plays), and the language tag its subtitle track was given. Null when no take had captions.
   */
  captionsKey: text('captions_key'),
  captionsLanguage: text('captions_language'),
  /**
   * The keepsake with its captions drawn on the picture, for apps that ignore a subtitle track: asked for
   * once by the pilgrim, then drawn again for each keepsake published with captions. The file and the
   * version (`renderedVersion`) it was drawn from; both null while the shown keepsake has none drawn.
   */
  captionedRequested: boolean('captioned_requested').notNull().default(false),
  captionedVideoKey: text('captioned_video_key'),
  captionedVersion: integer('captioned_version'),
  /** The opening and closing cards joined into the shown video; their keys name their text's digest. */
  openingCardKey: text('opening_card_key'),
  closingCardKey: text('closing_card_key'),
  joinProgress: integer('join_progress').notNull().default(0),
  shareToken: text('share_token').unique(),
  updatedAt: updatedAtColumn(),
});
