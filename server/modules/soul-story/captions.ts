import { text } from 'node:stream/consumers';
import { type CaptionsResponse, soulStoryMessages as messages } from '#contract/soul-story.ts';
import type { AppDeps } from '#server/deps.ts';
import { Conflict, Invalid, NotFound } from '#server/http/errors.ts';
import { randomToken } from '#server/security/signed-tokens.ts';
import { TITLE_SECONDS } from './render.ts';
import { findOwned, lockKeepsake, type StoryRow, setCaptions } from './repository.ts';
import { captionsRefusal } from './webvtt.ts';

/**
 * A take's captions: a WebVTT file stored beside the take, under the pilgrim's folder, so the listing
 * signs its URL as it signs the take's and deleting the take, the memory or the account removes it with
 * the rest. Each version has a key of its own: a URL a browser kept never shows newer captions' words
 * under the old ones' cache, and two saves at once cannot write into one file.
 */
export const captionsKeyFor = (mediaKey: string) =>
  `${mediaKey.replace(/\.[^./]+$/, '')}.captions-${randomToken(6)}.vtt`;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The take's own length; a take saved before it was kept has it in its segment's, to the frame. */
const takeSecondsOf = (row: StoryRow) => row.takeSeconds ?? row.segmentSeconds - TITLE_SECONDS;

export type CaptionsDeps = Pick<AppDeps, 'db' | 'storage' | 'logger'>;

export const createCaptionsService = ({ db, storage, logger }: CaptionsDeps) => {
  /** The user's video take; another pilgrim's memory, or a photo, is not found. */
  const findTake = async (userId: string, id: string) => {
    if (!uuidPattern.test(id)) throw new NotFound(messages.notFound);
    const row = await findOwned(db, userId, id);
    if (!row) throw new NotFound(messages.notFound);
    if (row.kind !== 'video') throw new NotFound(messages.captionsPhoto);
    return row;
  };

  const read = async (userId: string, id: string): Promise<CaptionsResponse> => {
    const row = await findTake(userId, id);
    if (!row.captionsKey || !row.captionsLanguage || !row.captionsSource)
      throw new NotFound(messages.captionsNotFound);
    const vtt = await storage
      .read(row.captionsKey)
      .then(text)
      .catch((error) => {
        if (error instanceof NotFound) throw new NotFound(messages.captionsNotFound);
        throw error;
      });
    return { language: row.captionsLanguage, vtt, source: row.captionsSource };
  };

  /**
   * Keeps the pilgrim's captions for a take, replacing its earlier ones: a valid WebVTT file whose every
   * cue ends by the end of the take.
   */
  const write = async (
    userId: string,
    id: string,
    captions: { language: string; vtt: string },
  ): Promise<CaptionsResponse> => {
    const take = await findTake(userId, id);
    const refusal = captionsRefusal(captions.vtt, takeSecondsOf(take));
    if (refusal) throw new Invalid(refusal, 'vtt');
    const key = captionsKeyFor(take.mediaKey);
    await storage.write(key, Buffer.from(captions.vtt, 'utf8'));
    let replaced: string | null;
    try {
      replaced = await db.transaction(async (tx) => {
        // In turn with the pilgrim's other changes: a new take or a delete sees these captions, to remove them.
        await lockKeepsake(tx, userId);
        const current = await findOwned(tx, userId, id);
        if (!current) throw new NotFound(messages.notFound);
        // The captions were checked against the take they were written for, not a new one.
        if (current.mediaKey !== take.mediaKey) throw new Conflict(messages.captionsTakeReplaced, 'vtt');
        await setCaptions(tx, id, {
          captionsKey: key,
          captionsLanguage: captions.language,
          captionsSource: 'pilgrim',
        });
        return current.captionsKey;
      });
    } catch (error) {
      await removeFile(key);
      throw error;
    }
    if (replaced) await removeFile(replaced);
    return { language: captions.language, vtt: captions.vtt, source: 'pilgrim' };
  };

  const removeFile = (key: string) =>
    storage.remove(key).catch((error) => logger.warn({ err: error, key }, 'could not remove captions'));

  return { read, write };
};

export type CaptionsService = ReturnType<typeof createCaptionsService>;

/** The captions' file in a data export: beside the take's, with its language before the extension. */
export const captionsFileName = (takeFileName: string, row: Pick<StoryRow, 'captionsLanguage'>) =>
  `${takeFileName.replace(/\.[^./]+$/, '')}.${row.captionsLanguage ?? 'und'}.vtt`;
