import { text } from 'node:stream/consumers';
import { type CaptionsResponse, soulStoryMessages as messages } from '#contract/soul-story.ts';
import type { AppDeps } from '#server/deps.ts';
import { Conflict, Invalid, NotFound } from '#server/http/errors.ts';
import { randomToken } from '#server/security/signed-tokens.ts';
import { TITLE_SECONDS } from './render.ts';
import { bumpVersion, findById, findOwned, lockKeepsake, type StoryRow, setCaptions } from './repository.ts';
import { queueJoin } from './service.ts';
import { captionsRefusal, trimCuesToEnd } from './webvtt.ts';

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

export type CaptionsDeps = Pick<AppDeps, 'db' | 'storage' | 'logger' | 'queue'>;

export const createCaptionsService = ({ db, storage, logger, queue }: CaptionsDeps) => {
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
   * Writes captions for a take under a new key and names them on its row, in turn with the pilgrim's
   * other changes (a new take or a delete sees them, to remove them), if `mayStore` accepts the row as it
   * is then (it may throw), and has the keepsake joined again; the file replaced, or this one when
   * refused, is removed. Answers whether they were kept.
   */
  const store = async (
    take: StoryRow,
    captions: { language: string; vtt: string; source: 'pilgrim' | 'transcribed' },
    mayStore: (current: StoryRow | null) => boolean,
  ) => {
    const key = captionsKeyFor(take.mediaKey);
    await storage.write(key, Buffer.from(captions.vtt, 'utf8'));
    let stored: { replaced: string | null } | null;
    try {
      stored = await db.transaction(async (tx) => {
        await lockKeepsake(tx, take.userId);
        const current = await findOwned(tx, take.userId, take.id);
        if (!mayStore(current) || !current) return null;
        await setCaptions(tx, take.id, {
          captionsKey: key,
          captionsLanguage: captions.language,
          captionsSource: captions.source,
        });
        // The keepsake carries every take's words: it is joined again with these.
        await bumpVersion(tx, take.userId);
        await queueJoin(queue, take.userId, tx);
        return { replaced: current.captionsKey };
      });
    } catch (error) {
      await removeFile(key);
      throw error;
    }
    if (!stored) await removeFile(key);
    else if (stored.replaced) await removeFile(stored.replaced);
    return stored !== null;
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
    await store(take, { ...captions, source: 'pilgrim' }, (current) => {
      if (!current) throw new NotFound(messages.notFound);
      // The captions were checked against the take they were written for, not a new one.
      if (current.mediaKey !== take.mediaKey) throw new Conflict(messages.captionsTakeReplaced, 'vtt');
      return true;
    });
    return { language: captions.language, vtt: captions.vtt, source: 'pilgrim' };
  };

  /**
   * Keeps captions drafted by a transcription server for a take (cues past its end cut at it), unless
   * the take was replaced or deleted meanwhile or the pilgrim has written captions of their own. Answers
   * whether they were kept; captions that are no valid WebVTT are refused with the reason.
   */
  const storeTranscribed = async (
    storyId: string,
    mediaKey: string,
    captions: { language: string; vtt: string },
  ): Promise<{ stored: boolean; refusal?: string }> => {
    const take = await findById(db, storyId);
    if (!take || take.mediaKey !== mediaKey || take.captionsSource === 'pilgrim') return { stored: false };
    const vtt = trimCuesToEnd(captions.vtt, takeSecondsOf(take));
    const refusal = captionsRefusal(vtt, takeSecondsOf(take));
    if (refusal) return { stored: false, refusal };
    const stored = await store(
      take,
      { language: captions.language, vtt, source: 'transcribed' },
      (current) => current?.mediaKey === mediaKey && current.captionsSource !== 'pilgrim',
    );
    return { stored };
  };

  const removeFile = (key: string) =>
    storage.remove(key).catch((error) => logger.warn({ err: error, key }, 'could not remove captions'));

  return { read, write, storeTranscribed };
};

export type CaptionsService = ReturnType<typeof createCaptionsService>;

/** The captions' file in a data export: beside the take's, with its language before the extension. */
export const captionsFileName = (takeFileName: string, row: Pick<StoryRow, 'captionsLanguage'>) =>
  `${takeFileName.replace(/\.[^./]+$/, '')}.${row.captionsLanguage ?? 'und'}.vtt`;
