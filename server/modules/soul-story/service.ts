import { createHash, randomUUID } from 'node:crypto';
import { text } from 'node:stream/consumers';
import type { FileTypeResult } from 'file-type';
import { progressPercent, promptById, promptIds } from '#contract/prompts.ts';
import {
  type CaptionedRequestResponse,
  type ConcatenatedResponse,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  MAX_VIDEO_BYTES,
  soulStoryMessages as messages,
  type SegmentReadyEvent,
  type SharedKeepsake,
  type SoulStoryItem,
  type StoryType,
  sharedCaptionedVideoPath,
  sharedCaptionsPath,
  sharedPosterPath,
  sharedVideoPath,
  sharePath,
  soulStoryEvents,
} from '#contract/soul-story.ts';
import type { DbOrTx } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import type { TokenSubject } from '#server/http/access-tokens.ts';
import { Conflict, Invalid, NotFound, UnsupportedMedia } from '#server/http/errors.ts';
import type { TemporaryFile } from '#server/http/multipart.ts';
import { probe, probeDuration } from '#server/media/ffmpeg.ts';
import { storeUpload } from '#server/media/store-upload.ts';
import { openExpiringToken, randomToken, sealExpiringToken } from '#server/security/signed-tokens.ts';
import { addNotification } from '../notifications/index.ts';
import { photoRefusal, videoRefusal } from './admission.ts';
import { type CardText, type JourneyCardSource, journeyCards } from './cards.ts';
import { PHOTO_SECONDS, videoSegmentSeconds } from './render.ts';
import type { KeepsakeRow, StoryRow } from './repository.ts';
import * as repository from './repository.ts';

export const NORMALISE_JOB = 'soul-story.normalise';
export const JOIN_JOB = 'soul-story.join';
/** Where a render that failed every retry goes, to be recorded as failed. */
export const RENDER_FAILED_JOB = 'soul-story.render-failed';

export interface NormaliseJobData {
  storyId: string;
  mediaKey: string;
}
export interface JoinJobData {
  userId: string;
}
/** Draws the shown keepsake's captions on its picture, once the pilgrim has asked for it. */
export const CAPTIONED_JOB = 'soul-story.captioned';
export interface CaptionedJobData {
  userId: string;
}
/** Drafts a take's captions at the transcription server (TRANSCRIBE_BASE_URL), when one is set. */
export const TRANSCRIBE_JOB = 'soul-story.transcribe';
export type TranscribeJobData = NormaliseJobData;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Share tokens are base64url; anything else names no share and never reaches the database. */
const shareTokenPattern = /^[A-Za-z0-9_-]{1,100}$/;

/** The shared parts the routes and render jobs use. */
export type SoulStoryPlatform = Pick<
  AppDeps,
  | 'config'
  | 'db'
  | 'pubsub'
  | 'storage'
  | 'temporaryFiles'
  | 'media'
  | 'queue'
  | 'logger'
  | 'mediaTools'
  | 'metrics'
>;
export type SoulStoryDeps = SoulStoryPlatform & {
  /** What the opening and closing cards say about the pilgrim's journey. */
  journeyCard: JourneyCardSource;
};

/** Asks for the pilgrim's keepsake to be joined; one join at a time waits per pilgrim. */
export const queueJoin = (queue: AppDeps['queue'], userId: string, tx?: DbOrTx) =>
  queue.send(JOIN_JOB, { userId } satisfies JoinJobData, { singletonKey: userId }, tx);

/**
 * Asks for the shown keepsake's captions to be drawn. The job reads which keepsake is shown when it runs,
 * so one waiting per pilgrim is enough (a stately queue): asking again meanwhile queues nothing more.
 */
export const queueCaptioned = (queue: AppDeps['queue'], userId: string, tx?: DbOrTx) =>
  queue.send(CAPTIONED_JOB, { userId } satisfies CaptionedJobData, { singletonKey: userId }, tx);

/** Every stored file of a pilgrim's memories and keepsake lies under this folder. */
export const userFolder = (userId: string) => `soul-stories/${userId}`;
export const segmentKeyFor = (mediaKey: string) => `${mediaKey.replace(/\.[^./]+$/, '')}.segment.mov`;
export const keepsakeKeysFor = (userId: string, version: number) => ({
  videoKey: `${userFolder(userId)}/keepsake-${version}.mp4`,
  posterKey: `${userFolder(userId)}/keepsake-${version}.jpg`,
  captionsKey: `${userFolder(userId)}/keepsake-${version}.vtt`,
});
/** The keepsake of this version with its captions drawn on the picture, beside it. */
export const captionedVideoKeyFor = (userId: string, version: number) =>
  `${userFolder(userId)}/keepsake-${version}.captioned.mp4`;

/** A card's file is named after its text, so a card whose text is unchanged is never made again. */
export const cardKeyFor = (userId: string, which: 'opening' | 'closing', card: CardText) => {
  const digest = createHash('sha256').update(JSON.stringify(card)).digest('base64url').slice(0, 16);
  return `${userFolder(userId)}/${which}-card-${digest}.segment.mov`;
};
export const isCardKey = (key: string) => /\/(opening|closing)-card-[^/]+\.segment\.mov$/.test(key);

const promptsMissing = (stories: Pick<StoryRow, 'type'>[]) =>
  promptIds.filter((id) => !stories.some((story) => story.type === id)).length;
export const allPromptsTaken = (stories: Pick<StoryRow, 'type'>[]) => promptsMissing(stories) === 0;
/** The next Save may complete the keepsake: at most one prompt is still open. */
export const oneSaveFromComplete = (stories: Pick<StoryRow, 'type'>[]) => promptsMissing(stories) <= 1;

const acceptVideo = (type: FileTypeResult | undefined) => {
  if (type?.mime === 'video/webm') return 'webm';
  if (type?.mime === 'video/mp4') return 'mp4';
  throw new UnsupportedMedia(messages.videoFormat);
};

const acceptPhoto = (type: FileTypeResult | undefined) => {
  if (type?.mime === 'image/jpeg') return 'jpg';
  if (type?.mime === 'image/png') return 'png';
  if (type?.mime === 'image/webp') return 'webp';
  if (type?.ext === 'heic' || type?.mime === 'image/heif' || type?.mime === 'image/heic')
    throw new UnsupportedMedia(messages.heicRefused);
  if (type?.mime.startsWith('image/')) throw new UnsupportedMedia(messages.photoFormat);
  throw new UnsupportedMedia(messages.onlyImages);
};

/** What a render tells the pilgrim's open pages: the keepsake's state changed, or a memory's segment is ready. */
export type KeepsakeChange = { kind: 'keepsake' } | { kind: 'segment'; memoryId: string };

/**
 * Told the media key of a memory deleted or replaced, or a pilgrim's whole folder (ending in `/`) when
 * the account goes: the process rendering it (a worker, maybe not the one that took the request) stops
 * at once instead of rendering for nobody.
 */
export const MEDIA_GONE_CHANNEL = 'soul_story_media_gone';
export const isGone = (mediaKey: string, gone: string) =>
  gone.endsWith('/') ? mediaKey.startsWith(gone) : mediaKey === gone;

/** One channel per user, so a web process hears only about the pilgrims it holds a stream for. */
export const changesChannel = (userId: string) => `soul_story_${userId.replaceAll('-', '').toLowerCase()}`;

const EVENTS_TOKEN_PURPOSE = 'soul-story-events';
/** Long enough to open the stream, short enough that a token in a logged URL is soon worthless. */
export const EVENTS_TOKEN_SECONDS = 60;

export interface IncomingUpload {
  title: string;
  type: StoryType;
  file: TemporaryFile;
  /**
   * A take whose segment is being rendered from its bytes as they arrived (decision 025): the normalise
   * job is held back this long, as the fallback should that render never be handed over.
   */
  renderingLiveFor?: number;
}

/** A saved memory as the render pipeline knows it: its media may be replaced later by a new take. */
export interface SavedMemory {
  storyId: string;
  userId: string;
  mediaKey: string;
}

export const createSoulStoryService = (deps: SoulStoryDeps) => {
  const { db, storage, media, queue, logger } = deps;

  const toItem = (row: StoryRow): SoulStoryItem => ({
    id: row.id,
    title: row.title,
    media_url: media.url(row.mediaKey),
    type: row.type as StoryType,
    captions_url: row.captionsKey ? media.url(row.captionsKey) : null,
    take_seconds: row.takeSeconds,
  });

  const removeFiles = async (keys: (string | null | undefined)[]) => {
    for (const key of keys) {
      if (key)
        await storage
          .remove(key)
          .catch((error) => logger.warn({ err: error, key }, 'could not remove media'));
    }
  };

  const requestJoin = (userId: string, tx?: DbOrTx) => queueJoin(queue, userId, tx);

  /**
   * A video must be readable and cost no more to render than a real take could (admission.ts); answers
   * its length. Its packets are listed in the same run: a recording's header rarely says how long it
   * is, and a crafted one may say less than it holds.
   */
  const checkVideo = async (key: string) => {
    let checked: { seconds: number; refusal: string | null };
    try {
      checked = await storage.withLocalFiles([key], async ([file = '']) => {
        const probed = await probe(deps.mediaTools, file, { packets: true });
        if (!probed.streams.some((stream) => stream.codec_type === 'video'))
          throw new Error('no video stream');
        return {
          seconds: await probeDuration(deps.mediaTools, file, probed),
          refusal: videoRefusal(probed),
        };
      });
    } catch (error) {
      logger.info({ err: error }, 'refused an unreadable video');
      throw new Invalid(messages.videoUnreadable, 'media');
    }
    if (checked.refusal) throw new Invalid(checked.refusal, 'media');
    if (!(checked.seconds > 0)) throw new Invalid(messages.videoUnreadable, 'media');
    return checked.seconds;
  };

  /** A photo must be readable and of a size a camera takes (admission.ts); only its header is read. */
  const checkPhoto = async (key: string) => {
    const refusal = await storage.withLocalFiles([key], ([file = '']) => photoRefusal(file));
    if (refusal) throw new Invalid(refusal, 'media');
  };

  /** Stops the renders of media deleted or replaced (a key, or a folder), in whichever process runs them. */
  const mediaGone = (mediaKey: string) =>
    deps.pubsub
      .publish(MEDIA_GONE_CHANNEL, mediaKey)
      .catch((error) => logger.warn({ err: error, mediaKey }, 'could not stop the renders of removed media'));

  /**
   * What a memory about to be received will be called, or the refusal it would meet: a resumable upload
   * asks before its first byte, and every upload asks again once its file is in.
   */
  const admit = async (userId: string, incoming: Pick<IncomingUpload, 'title' | 'type'>) => {
    const isPhoto = incoming.type === 'photo';
    const title = isPhoto ? incoming.title.trim() : promptById(incoming.type)!.name;
    if (!title) throw new Invalid(messages.photoTitleRequired, 'title');
    if (isPhoto && (await repository.countPhotos(db, userId)) >= MAX_PHOTOS)
      throw new Conflict(messages.photoLimit, 'media');
    return title;
  };

  /** Checks, stores and records a received file as a memory, replacing a prompt's earlier take. */
  const save = async (
    userId: string,
    incoming: IncomingUpload,
  ): Promise<{ item: SoulStoryItem; saved: SavedMemory }> => {
    const isPhoto = incoming.type === 'photo';
    const title = await admit(userId, incoming);

    const received = await storeUpload(storage, incoming.file, {
      maxBytes: isPhoto ? MAX_PHOTO_BYTES : MAX_VIDEO_BYTES,
      tooLargeMessage: isPhoto ? messages.photoTooLarge : messages.videoTooLarge,
      accept: isPhoto ? acceptPhoto : acceptVideo,
      keyFor: (extension) => `${userFolder(userId)}/${randomUUID()}.${extension}`,
    });
    try {
      if (isPhoto) await checkPhoto(received.key);
      const takeSeconds = isPhoto ? null : await checkVideo(received.key);
      const segmentSeconds = takeSeconds === null ? PHOTO_SECONDS : videoSegmentSeconds(takeSeconds);
      const { row, replaced } = await db.transaction(async (tx) => {
        await repository.lockKeepsake(tx, userId);
        const previous = isPhoto ? null : await repository.findPromptTake(tx, userId, incoming.type);
        if (isPhoto && (await repository.countPhotos(tx, userId)) >= MAX_PHOTOS)
          throw new Conflict(messages.photoLimit, 'media');
        const values = {
          title,
          mediaKey: received.key,
          mediaCrc32: received.crc32,
          segmentSeconds,
          takeSeconds,
        };
        const saved = previous
          ? await repository.replaceMedia(tx, previous.id, values)
          : await repository.insertStory(tx, {
              ...values,
              userId,
              type: incoming.type,
              kind: isPhoto ? 'photo' : 'video',
              position: await repository.nextPosition(tx, userId),
            });
        await repository.bumpVersion(tx, userId);
        await queue.send(
          NORMALISE_JOB,
          { storyId: saved.id, mediaKey: saved.mediaKey } satisfies NormaliseJobData,
          {
            singletonKey: saved.mediaKey,
            ...(incoming.renderingLiveFor && !isPhoto
              ? { startAfter: new Date(Date.now() + incoming.renderingLiveFor) }
              : {}),
          },
          tx,
        );
        if (!isPhoto && deps.config.TRANSCRIBE_BASE_URL)
          await queue.send(
            TRANSCRIBE_JOB,
            { storyId: saved.id, mediaKey: saved.mediaKey } satisfies TranscribeJobData,
            { singletonKey: saved.mediaKey },
            tx,
          );
        await addNotification(tx, {
          userId,
          title: isPhoto ? 'Photo added to your Soul Story' : `${title}: reflection saved`,
          message: isPhoto
            ? `“${title}” is now part of your Soul Story.`
            : `Your reflection for ${title} is now part of your Soul Story.`,
          link: '/soul-story',
        });
        return { row: saved, replaced: previous };
      });
      if (replaced) {
        await mediaGone(replaced.mediaKey);
        await removeFiles([replaced.mediaKey, replaced.segmentKey, replaced.captionsKey]);
      }
      return { item: toItem(row), saved: { storyId: row.id, userId, mediaKey: row.mediaKey } };
    } catch (error) {
      await removeFiles([received.key]);
      throw error;
    }
  };

  /**
   * Saves a received file (on disk, owned by the caller until it is moved into storage) as a memory: the
   * one path for the multipart route and resumable uploads, so both check, limit and replace alike.
   */
  const upload = async (userId: string, incoming: IncomingUpload) => (await save(userId, incoming)).item;

  /**
   * A memory's segment is in storage: marks it ready, unless the memory's media changed meanwhile (then
   * the segment is removed), and asks for the join. Safe to run twice.
   */
  const segmentStored = async ({ storyId, userId, mediaKey }: SavedMemory, segmentKey: string) => {
    const current = await repository.finishSegment(db, storyId, mediaKey, {
      segmentKey,
      segmentStatus: 'ready',
    });
    if (!current) {
      await removeFiles([segmentKey]);
      return;
    }
    await announce(userId, { kind: 'segment', memoryId: storyId });
    await requestJoin(userId);
  };

  /**
   * A take's segment rendered as it arrived (a file on disk, owned by the caller) is handed over, so the
   * keepsake need not wait for the normalise job; without one, that job is asked to render it now.
   */
  const takeLiveSegment = async (memory: SavedMemory, segment: string | null) => {
    const story = await repository.findById(db, memory.storyId);
    if (!story || story.mediaKey !== memory.mediaKey || story.segmentStatus !== 'pending') return;
    if (!segment) {
      await queue.send(NORMALISE_JOB, {
        storyId: memory.storyId,
        mediaKey: memory.mediaKey,
      } satisfies NormaliseJobData);
      return;
    }
    const segmentKey = segmentKeyFor(memory.mediaKey);
    await storage.putFile(segmentKey, segment);
    await segmentStored(memory, segmentKey);
  };

  const list = async (userId: string) => (await repository.listForUser(db, userId)).map(toItem);

  /** In the prompts' natural order. */
  const completedPrompts = async (userId: string) => {
    const taken = await repository.completedPrompts(db, userId);
    return { completed_prompts: promptIds.filter((id) => taken.includes(id)) };
  };

  const reorder = async (userId: string, storyIds: string[]) => {
    await db.transaction(async (tx) => {
      await repository.lockKeepsake(tx, userId);
      const stories = await repository.listForUser(tx, userId);
      const owned = new Set(stories.map((story) => story.id));
      if (storyIds.some((id) => !owned.has(id))) throw new NotFound(messages.notFound);
      if (new Set(storyIds).size !== storyIds.length || storyIds.length !== stories.length)
        throw new Invalid(messages.reorderMismatch, 'story_ids');
      if (stories.every((story, index) => story.id === storyIds[index])) return;
      for (const [position, id] of storyIds.entries()) await repository.setPosition(tx, id, position);
      await repository.bumpVersion(tx, userId);
      await requestJoin(userId, tx);
    });
    return { ok: true as const };
  };

  const remove = async (userId: string, id: string) => {
    if (!uuidPattern.test(id)) throw new NotFound(messages.notFound);
    const { story, keepsake } = await db.transaction(async (tx) => {
      await repository.lockKeepsake(tx, userId);
      const owned = await repository.findOwned(tx, userId, id);
      if (!owned) throw new NotFound(messages.notFound);
      const current = await repository.findKeepsake(tx, userId);
      await repository.deleteStory(tx, id);
      await repository.bumpVersion(tx, userId);
      // The deleted memory must not live on inside the keepsake while a new one renders.
      await repository.clearKeepsakeVideo(tx, userId);
      await requestJoin(userId, tx);
      return { story: owned, keepsake: current };
    });
    await mediaGone(story.mediaKey);
    await removeFiles([
      story.mediaKey,
      story.segmentKey,
      story.captionsKey,
      keepsake?.videoKey,
      keepsake?.posterKey,
      keepsake?.captionsKey,
      keepsake?.captionedVideoKey,
    ]);
    return { ok: true as const };
  };

  const renderProgress = (stories: StoryRow[], keepsake: KeepsakeRow | null) => {
    const total = stories.reduce((sum, story) => sum + story.segmentSeconds, 0) || 1;
    const done = stories.reduce(
      (sum, story) => sum + (story.segmentSeconds * story.segmentProgress) / 100,
      0,
    );
    const progress = Math.round((90 * done) / total + 0.1 * (keepsake?.joinProgress ?? 0));
    return Math.min(99, progress);
  };

  /** The cards as the journey record has them now, and where their segments are stored. */
  const currentCards = async (userId: string) => {
    const cards = journeyCards(await deps.journeyCard(userId));
    return {
      opening: { card: cards.opening, key: cardKeyFor(userId, 'opening', cards.opening) },
      closing: { card: cards.closing, key: cardKeyFor(userId, 'closing', cards.closing) },
    };
  };

  /**
   * Called when the journey record changes. When the shown keepsake's cards no longer match it (or one
   * is being made, which may have read the record before the change), the keepsake is made again: the
   * join renders the new cards alone and joins them with the memories' segments as they are. Answers
   * whether it will be made again.
   */
  const refreshJourneyCards = async (userId: string) => {
    if (!(await repository.findKeepsake(db, userId))) return false;
    const { opening, closing } = await currentCards(userId);
    return db.transaction(async (tx) => {
      await repository.lockKeepsake(tx, userId);
      const keepsake = await repository.findKeepsake(tx, userId);
      const upToDate =
        keepsake?.renderedVersion === keepsake?.version &&
        keepsake?.openingCardKey === opening.key &&
        keepsake?.closingCardKey === closing.key;
      if (upToDate) return false;
      await repository.bumpVersion(tx, userId);
      await requestJoin(userId, tx);
      return true;
    });
  };

  const shareUrlFor = (token: string) => new URL(sharePath(token), deps.config.PUBLIC_URL).toString();

  /** The captioned file drawn from the keepsake shown now; one drawn from an earlier keepsake is not its. */
  const currentCaptionedKey = (
    keepsake: Pick<KeepsakeRow, 'renderedVersion' | 'captionedVideoKey' | 'captionedVersion'> | null,
  ) =>
    keepsake?.captionedVideoKey && keepsake.captionedVersion === keepsake.renderedVersion
      ? keepsake.captionedVideoKey
      : null;

  const keepsakeState = async (userId: string): Promise<ConcatenatedResponse> => {
    const [stories, keepsake] = await Promise.all([
      repository.listForUser(db, userId),
      repository.findKeepsake(db, userId),
    ]);
    const captionedKey = currentCaptionedKey(keepsake);
    const shown = {
      video_url: keepsake?.videoKey ? media.url(keepsake.videoKey) : null,
      poster_url: keepsake?.posterKey ? media.url(keepsake.posterKey) : null,
      share_url: keepsake?.shareToken ? shareUrlFor(keepsake.shareToken) : null,
      captions_url: keepsake?.captionsKey ? media.url(keepsake.captionsKey) : null,
      captioned_video_url: captionedKey ? media.url(captionedKey) : null,
    };
    if (!allPromptsTaken(stories))
      return {
        ...shown,
        video_url: null,
        poster_url: null,
        captions_url: null,
        captioned_video_url: null,
        status: 'waiting_for_prompts',
        progress: progressPercent(stories.map((story) => story.type)),
      };
    if (keepsake?.videoKey && keepsake.renderedVersion === keepsake.version)
      return { ...shown, status: 'ready', progress: 100 };
    const failed =
      keepsake?.failedVersion === keepsake?.version ||
      stories.some((story) => story.segmentStatus === 'failed');
    return { ...shown, status: failed ? 'failed' : 'rendering', progress: renderProgress(stories, keepsake) };
  };

  /** Tells the pilgrim's open pages, in any web process; a failure only delays them to their next poll. */
  const announce = async (userId: string, change: KeepsakeChange) => {
    await deps.pubsub
      .publish(changesChannel(userId), JSON.stringify(change))
      .catch((error) => logger.warn({ err: error, userId }, 'could not announce a keepsake change'));
  };

  /** Sealed with the sign-in it is minted in, so the stream it opens ends with that session. */
  const eventsToken = ({ userId, sessionId }: TokenSubject) => ({
    token: sealExpiringToken(
      deps.config.secrets,
      EVENTS_TOKEN_PURPOSE,
      `${userId}_${sessionId}`,
      Math.floor(Date.now() / 1000) + EVENTS_TOKEN_SECONDS,
    ),
    expires_in: EVENTS_TOKEN_SECONDS,
  });

  /** The user and sign-in an events token was minted for, or null. */
  const eventsTokenSignIn = (token: string): TokenSubject | null => {
    const [userId, sessionId, ...rest] =
      openExpiringToken(deps.config.secrets, EVENTS_TOKEN_PURPOSE, token)?.split('_') ?? [];
    return userId && sessionId && !rest.length && uuidPattern.test(userId) && uuidPattern.test(sessionId)
      ? { userId, sessionId }
      : null;
  };

  /**
   * Sends the keepsake's state now and again whenever a render changes it (a state equal to the last one
   * sent is skipped), and each memory whose segment is ready. Answers the function that stops it.
   */
  const followKeepsake = async (userId: string, send: (event: string, data: unknown) => void) => {
    let lastSent = '';
    let reading: Promise<void> | null = null;
    let readAgain = false;
    let stopped = false;
    const sendState = async () => {
      do {
        readAgain = false;
        const state = JSON.stringify(await keepsakeState(userId));
        if (stopped || state === lastSent) continue;
        lastSent = state;
        send(soulStoryEvents.keepsake, JSON.parse(state));
      } while (readAgain && !stopped);
    };
    // Changes that arrive while the state is being read are taken in by one more read, not one each.
    const refresh = () => {
      if (reading) {
        readAgain = true;
        return;
      }
      reading = sendState()
        .catch((error) => logger.warn({ err: error, userId }, 'could not read the keepsake for its stream'))
        .finally(() => {
          reading = null;
        });
    };
    const unsubscribe = await deps.pubsub.subscribe(changesChannel(userId), (payload) => {
      const change = payload ? (JSON.parse(payload) as KeepsakeChange) : null;
      if (change?.kind === 'segment' && !stopped)
        send(soulStoryEvents.segment, { id: change.memoryId } satisfies SegmentReadyEvent);
      refresh();
    });
    // Listening before the first read: a change made meanwhile is read again rather than missed.
    refresh();
    return async () => {
      stopped = true;
      await unsubscribe();
    };
  };

  /**
   * The pilgrim asks for the shown keepsake with its captions drawn on the picture: it is queued unless
   * drawn already, and from now on every keepsake published with captions is drawn as well.
   */
  const requestCaptioned = (userId: string): Promise<CaptionedRequestResponse> =>
    db.transaction(async (tx) => {
      await repository.lockKeepsake(tx, userId);
      const keepsake = await repository.findKeepsake(tx, userId);
      if (!keepsake?.videoKey) throw new Conflict(messages.captionedNotReady);
      if (!keepsake.captionsKey) throw new Conflict(messages.captionedNoCaptions);
      if (!keepsake.captionedRequested) await repository.requestCaptioned(tx, userId);
      if (currentCaptionedKey(keepsake)) return { status: 'ready' };
      await queueCaptioned(queue, userId, tx);
      return { status: 'queued' };
    });

  const share = async (userId: string) => {
    const keepsake = await repository.findKeepsake(db, userId);
    if (!keepsake?.videoKey) throw new Conflict(messages.notReadyToShare);
    const token = keepsake.shareToken ?? randomToken(18);
    if (!keepsake.shareToken) await repository.setShareToken(db, userId, token);
    return { share_url: shareUrlFor(token), token };
  };

  const stopSharing = async (userId: string) => {
    await repository.setShareToken(db, userId, null);
    return { ok: true as const };
  };

  /** What a share token points at now: a published keepsake, or null once revoked, replaced or cleared. */
  const currentShare = async (token: string) => {
    if (!shareTokenPattern.test(token)) return null;
    const row = await repository.findShared(db, token);
    if (!row?.videoKey || !row.posterKey) return null;
    return {
      videoKey: row.videoKey,
      posterKey: row.posterKey,
      captions:
        row.captionsKey && row.captionsLanguage
          ? { key: row.captionsKey, language: row.captionsLanguage }
          : null,
      captionedVideoKey: currentCaptionedKey(row),
      ownerName: row.firstName.trim() || row.username,
    };
  };

  /**
   * The public view of a shared keepsake, or null once it is revoked or no longer exists. Its media
   * URLs belong to the share, never to the owner or a stored file, so revoking it reaches them too.
   */
  const findShared = async (token: string): Promise<SharedKeepsake | null> => {
    const row = await currentShare(token);
    if (!row) return null;
    return {
      video_url: sharedVideoPath(token),
      poster_url: sharedPosterPath(token),
      title: `${row.ownerName}’s Soul Story`,
      owner_name: row.ownerName,
      captions_url: row.captions ? sharedCaptionsPath(token) : null,
      captions_language: row.captions?.language ?? null,
      captioned_video_url: row.captionedVideoKey ? sharedCaptionedVideoPath(token) : null,
    };
  };

  /**
   * The stored file behind a share's video, poster or captioned video, looked up on every request; not
   * found once revoked, or while the shown keepsake has no captioned video.
   */
  const sharedMediaKey = async (token: string, file: 'video' | 'poster' | 'captioned') => {
    const row = await currentShare(token);
    const key = { video: row?.videoKey, poster: row?.posterKey, captioned: row?.captionedVideoKey }[file];
    if (!key) throw new NotFound(messages.shareNotFound);
    return key;
  };

  /** A share's captions as text, looked up on every request; not found once revoked, or without captions. */
  const sharedCaptions = async (token: string) => {
    const key = (await currentShare(token))?.captions?.key;
    if (!key) throw new NotFound(messages.shareNotFound);
    return storage
      .read(key)
      .then(text)
      .catch((error) => {
        if (error instanceof NotFound) throw new NotFound(messages.shareNotFound);
        throw error;
      });
  };

  const shared = async (token: string) => {
    const found = await findShared(token);
    if (!found) throw new NotFound(messages.shareNotFound);
    return found;
  };

  /** An account being deleted: every render of its memories stops. */
  const stopRendersOf = (userId: string) => mediaGone(`${userFolder(userId)}/`);

  return {
    stopRendersOf,
    admit,
    upload,
    save,
    segmentStored,
    takeLiveSegment,
    list,
    completedPrompts,
    reorder,
    remove,
    keepsakeState,
    requestCaptioned,
    share,
    stopSharing,
    shared,
    findShared,
    sharedMediaKey,
    sharedCaptions,
    requestJoin,
    removeFiles,
    announce,
    eventsToken,
    eventsTokenSignIn,
    followKeepsake,
    currentCards,
    refreshJourneyCards,
  };
};

export type SoulStoryService = ReturnType<typeof createSoulStoryService>;

/** How many memories a user has (the profile shows it). */
export const countMemories = (db: DbOrTx, userId: string) => repository.countForUser(db, userId);
