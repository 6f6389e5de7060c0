import { text } from 'node:stream/consumers';
import { NotFound } from '#server/http/errors.ts';
import { defineJob } from '#server/jobs/queue.ts';
import { MediaToolError } from '#server/media/ffmpeg.ts';
import { crc32OfFile } from '#server/media/storage.ts';
import { addNotification } from '../notifications/index.ts';
import { cardLine } from './cards.ts';
import { mostCommonLanguage, trackLanguage } from './keepsake-captions.ts';
import {
  CARD_SECONDS,
  joinSegments,
  renderCaptionedKeepsake,
  renderCardSegment,
  renderPhotoSegment,
  renderVideoSegment,
  SEGMENT,
} from './render.ts';
import * as repository from './repository.ts';
import {
  allPromptsTaken,
  CAPTIONED_JOB,
  type CaptionedJobData,
  captionedVideoKeyFor,
  isCardKey,
  isGone,
  JOIN_JOB,
  type JoinJobData,
  keepsakeKeysFor,
  MEDIA_GONE_CHANNEL,
  NORMALISE_JOB,
  type NormaliseJobData,
  oneSaveFromComplete,
  queueCaptioned,
  RENDER_FAILED_JOB,
  type SoulStoryPlatform,
  type SoulStoryService,
  segmentKeyFor,
  userFolder,
} from './service.ts';

/**
 * A worker that dies mid-render stops its heartbeat, so pg-boss fails the job and retries it at
 * its next supervision pass; a long render that is alive keeps its claim up to the expiry.
 */
const renderQueue = {
  retryLimit: 3,
  retryDelay: 5,
  heartbeatSeconds: 10,
  expireInSeconds: 20 * 60,
} as const;

const PROGRESS_WRITE_INTERVAL_MS = 1500;
// The join is the last few seconds before the keepsake is ready, and the page shows each of its steps live.
const JOIN_PROGRESS_INTERVAL_MS = 500;

/** Reports progress to the database at most every interval (1.5 s unless told), never blocking the render on it. */
const throttledProgress = (
  deps: SoulStoryPlatform,
  write: (percent: number) => Promise<unknown>,
  intervalMs = PROGRESS_WRITE_INTERVAL_MS,
) => {
  let lastWrite = 0;
  return (fraction: number) => {
    const now = Date.now();
    if (now - lastWrite < intervalMs) return;
    lastWrite = now;
    write(Math.min(99, Math.floor(fraction * 100))).catch((error) =>
      deps.logger.warn({ err: error }, 'could not record render progress'),
    );
  };
};

/**
 * Renders are made in the data folder's temporary folder and moved into storage only when complete,
 * so the media never hold a half-written file, and what a killed render leaves there is swept.
 */
export const soulStoryJobs = (deps: SoulStoryPlatform, service: SoulStoryService) => {
  const { db, storage, temporaryFiles, logger } = deps;
  const renderPhoto = deps.metrics.timedRender('segment', renderPhotoSegment);
  const renderVideo = deps.metrics.timedRender('segment', renderVideoSegment);
  const renderCard = deps.metrics.timedRender('card', renderCardSegment);
  const joinParts = deps.metrics.timedRender('join', joinSegments);
  const drawCaptions = deps.metrics.timedRender('captioned', renderCaptionedKeepsake);

  /** A render that failed every retry: record it, so the user sees 'failed' instead of waiting forever. */
  const gaveUp = defineJob<NormaliseJobData | JoinJobData>({
    name: RENDER_FAILED_JOB,
    handle: async (data) => {
      if ('storyId' in data) {
        await repository.finishSegment(db, data.storyId, data.mediaKey, {
          segmentKey: null,
          segmentStatus: 'failed',
        });
        const story = await repository.findById(db, data.storyId);
        if (story) await service.announce(story.userId, { kind: 'keepsake' });
        return;
      }
      // A stately queue fails a join outright, retries left, when its retry would wait beside another
      // (a worker that died mid-join while the next was retrying): that one still tries, so nothing is lost yet.
      if (await deps.queue.waiting(JOIN_JOB, data.userId)) return;
      const keepsake = await repository.findKeepsake(db, data.userId);
      if (keepsake) await repository.markKeepsakeFailed(db, data.userId, keepsake.version);
      await service.announce(data.userId, { kind: 'keepsake' });
    },
  });

  /** Makes one memory's segment, unless it is made already or its memory's media changed. */
  const renderSegment = async ({ storyId, mediaKey }: NormaliseJobData, signal: AbortSignal) => {
    const story = await repository.findById(db, storyId);
    if (!story || story.mediaKey !== mediaKey) return;
    if (story.segmentStatus !== 'pending') {
      await service.requestJoin(story.userId);
      return;
    }
    const segmentKey = segmentKeyFor(mediaKey);
    if ((await storage.size(segmentKey)) === null) {
      const render = story.kind === 'photo' ? renderPhoto : renderVideo;
      try {
        await temporaryFiles.use(async (temporary) => {
          const segment = temporary('.segment.mov');
          await storage.withLocalFiles([mediaKey], ([input = '']) =>
            render({
              tools: deps.mediaTools,
              input,
              output: segment,
              title: story.title,
              onProgress: throttledProgress(deps, async (percent) => {
                await repository.setSegmentProgress(db, storyId, mediaKey, percent);
                await service.announce(story.userId, { kind: 'keepsake' });
              }),
              signal,
            }),
          );
          await storage.putFile(segmentKey, segment);
        });
      } catch (error) {
        // ffmpeg refusing the input, or running past its time or memory limit, would again: record the
        // failure instead of retrying.
        if (!(error instanceof MediaToolError) || signal.aborted) throw error;
        logger.warn({ err: error, storyId }, 'a memory could not be rendered');
        await repository.finishSegment(db, storyId, mediaKey, {
          segmentKey: null,
          segmentStatus: 'failed',
        });
        await service.announce(story.userId, { kind: 'keepsake' });
        return;
      }
    }
    await service.segmentStored({ storyId, userId: story.userId, mediaKey }, segmentKey);
  };

  /**
   * Safe to run twice: a finished or outdated segment is left alone. A memory deleted or re-recorded
   * meanwhile stops its render, whichever process took the request (MEDIA_GONE_CHANNEL).
   */
  const normalise = defineJob<NormaliseJobData>({
    name: NORMALISE_JOB,
    queue: { ...renderQueue, deadLetter: RENDER_FAILED_JOB },
    handle: async (data, job) => {
      const gone = new AbortController();
      // Listening before the memory is read: a removal made meanwhile is either read or heard.
      const stopListening = await deps.pubsub.subscribe(MEDIA_GONE_CHANNEL, (mediaKey) => {
        if (mediaKey !== null && isGone(data.mediaKey, mediaKey)) gone.abort();
      });
      try {
        await renderSegment(data, AbortSignal.any([job.signal, gone.signal]));
      } catch (error) {
        if (!gone.signal.aborted || job.signal.aborted) throw error;
        logger.info({ storyId: data.storyId }, 'stopped rendering a memory that is gone');
      } finally {
        await stopListening();
      }
    },
  });

  /** Renders the cards that are not in storage yet, noting each key written in `written` as it goes. */
  const renderMissingCards = async (
    cards: Awaited<ReturnType<SoulStoryService['currentCards']>>,
    temporary: (suffix: string) => string,
    signal: AbortSignal,
    written: string[],
  ) => {
    for (const [which, { card, key }] of Object.entries(cards)) {
      if ((await storage.size(key)) !== null) continue;
      const output = temporary(`.${which}-card.mov`);
      await renderCard({
        tools: deps.mediaTools,
        output,
        card,
        frames: which === 'opening' ? SEGMENT.openingFrames : SEGMENT.closingFrames,
        signal,
      });
      await storage.putFile(key, output);
      written.push(key);
    }
  };

  /**
   * Joins the opening card, the ready segments in the user's order and the closing card; publishes the
   * result only if nothing changed meanwhile. A card whose text changed is rendered here, alone: the
   * memories' segments are joined as they are. Asked for while memories are still missing or rendering,
   * it makes the cards ahead once the next Save may complete the keepsake, so that the last Save waits
   * for the join alone; not before, since most pilgrims who begin do not finish at once, and their cards
   * would hold the queue for nothing. In this job, so that one pilgrim's cards are never made twice at once.
   */
  const join = defineJob<JoinJobData>({
    name: JOIN_JOB,
    queue: { ...renderQueue, policy: 'stately', deadLetter: RENDER_FAILED_JOB },
    handle: async ({ userId }, job) => {
      const keepsake = await repository.findKeepsake(db, userId);
      if (!keepsake || keepsake.renderedVersion === keepsake.version) return;
      const { version } = keepsake;
      const stories = await repository.listForUser(db, userId);
      const cards = await service.currentCards(userId);
      if (!allPromptsTaken(stories) || stories.some((story) => story.segmentStatus !== 'ready')) {
        if (!oneSaveFromComplete(stories)) return;
        await temporaryFiles
          .use((temporary) => renderMissingCards(cards, temporary, job.signal, []))
          .catch((error: unknown) => {
            // The join that completes the keepsake renders them again, and reports a failure then.
            if (!(error instanceof MediaToolError) || job.signal.aborted) throw error;
            logger.warn({ err: error, userId }, 'the cards could not be made ahead');
          });
        return;
      }
      const keys = keepsakeKeysFor(userId, version);
      const totalSeconds =
        CARD_SECONDS.opening +
        stories.reduce((sum, story) => sum + story.segmentSeconds, 0) +
        CARD_SECONDS.closing;
      const reportJoin = throttledProgress(
        deps,
        async (percent) => {
          await repository.setJoinProgress(db, userId, version, percent);
          await service.announce(userId, { kind: 'keepsake' });
        },
        JOIN_PROGRESS_INTERVAL_MS,
      );
      // Takes may be captioned in different languages; the keepsake's one track is tagged with the most common.
      const captionsLanguage = mostCommonLanguage(
        stories.flatMap((story) =>
          story.captionsKey && story.captionsLanguage ? [story.captionsLanguage] : [],
        ),
      );
      const renderedCards: string[] = [];
      let joined: { videoCrc32: number; captioned: boolean };
      try {
        joined = await temporaryFiles.use(async (temporary) => {
          await renderMissingCards(cards, temporary, job.signal, renderedCards);
          const [video, poster, captions] = [
            temporary('.keepsake.mp4'),
            temporary('.poster.jpg'),
            temporary('.keepsake.vtt'),
          ];
          const parts = [
            { key: cards.opening.key, title: cards.opening.card.headline },
            ...(await Promise.all(
              stories.map(async (story) => ({
                key: story.segmentKey!,
                title: story.title,
                captions: story.captionsKey ? await text(await storage.read(story.captionsKey)) : undefined,
              })),
            )),
            { key: cards.closing.key, title: cardLine(cards.closing.card) },
          ];
          const { captioned } = await storage.withLocalFiles(
            parts.map((part) => part.key),
            (files) =>
              joinParts({
                tools: deps.mediaTools,
                segments: parts.map((part, index) => ({ ...part, file: files[index]! })),
                posterSegment: 1,
                output: video,
                poster,
                captions: captionsLanguage
                  ? { output: captions, language: trackLanguage(captionsLanguage) }
                  : undefined,
                onProgress: (seconds) => reportJoin(seconds / totalSeconds),
              }),
          );
          await storage.putFile(keys.posterKey, poster);
          if (captioned) await storage.putFile(keys.captionsKey, captions);
          const videoCrc32 = await crc32OfFile(video);
          await storage.putFile(keys.videoKey, video);
          return { videoCrc32, captioned };
        });
      } catch (error) {
        await service.removeFiles(renderedCards);
        // A memory deleted or re-recorded meanwhile takes its segment away; the join it asked for follows.
        if (error instanceof NotFound && (await repository.findKeepsake(db, userId))?.version !== version)
          return;
        if (!(error instanceof MediaToolError) || job.signal.aborted) throw error;
        logger.warn({ err: error, userId }, 'the keepsake could not be joined');
        await repository.markKeepsakeFailed(db, userId, version);
        await service.announce(userId, { kind: 'keepsake' });
        return;
      }
      const published = {
        ...keys,
        videoCrc32: joined.videoCrc32,
        captionsKey: joined.captioned ? keys.captionsKey : null,
        captionsLanguage: joined.captioned ? captionsLanguage : null,
        openingCardKey: cards.opening.key,
        closingCardKey: cards.closing.key,
      };
      const previous = await db.transaction(async (tx) => {
        // Locked first, so a captioned video drawn meanwhile is either read here and removed, or refused.
        await repository.lockKeepsake(tx, userId);
        const replaced = await repository.publishKeepsake(tx, userId, version, published);
        if (replaced?.captionedRequested && joined.captioned) await queueCaptioned(deps.queue, userId, tx);
        if (replaced && !replaced.videoKey)
          await addNotification(tx, {
            userId,
            title: 'Your Soul Story is ready',
            message: 'Your keepsake video is ready to watch, download and share.',
            link: '/soul-story',
          });
        return replaced;
      });
      await service.announce(userId, { kind: 'keepsake' });
      if (!previous) {
        // Another render of this version may have published these very files.
        const shown = await repository.findKeepsake(db, userId);
        const shownKeys = [
          shown?.videoKey,
          shown?.posterKey,
          shown?.captionsKey,
          shown?.openingCardKey,
          shown?.closingCardKey,
        ];
        await service.removeFiles(
          [keys.videoKey, keys.posterKey, published.captionsKey, ...renderedCards].filter(
            (key) => !shownKeys.includes(key),
          ),
        );
        return;
      }
      const replacedFiles = [
        previous.videoKey,
        previous.posterKey,
        previous.captionsKey,
        previous.captionedVideoKey,
        previous.openingCardKey,
        previous.closingCardKey,
      ];
      // Cards made ahead for words that changed before the keepsake was complete are not used either.
      const unusedCards = (await storage.list(`${userFolder(userId)}/`)).filter(
        (key) => isCardKey(key) && key !== cards.opening.key && key !== cards.closing.key,
      );
      await service.removeFiles([
        ...replacedFiles.filter((key) => key && !Object.values(published).includes(key)),
        ...unusedCards.filter((key) => !replacedFiles.includes(key)),
      ]);
    },
  });

  /** Draws the captions of the keepsake shown now; stops when the pilgrim's account goes. */
  const drawShownKeepsake = async (userId: string, signal: AbortSignal) => {
    const keepsake = await repository.findKeepsake(db, userId);
    const version = keepsake?.renderedVersion;
    if (!keepsake?.videoKey || !keepsake.captionsKey || version == null) return;
    if (!keepsake.captionedRequested || keepsake.captionedVersion === version) return;
    const { videoKey, captionsKey } = keepsake;
    const captionedKey = captionedVideoKeyFor(userId, version);
    try {
      await temporaryFiles.use(async (temporary) => {
        const output = temporary('.captioned.mp4');
        await storage.withLocalFiles([videoKey, captionsKey], ([video = '', captions = '']) =>
          drawCaptions({ tools: deps.mediaTools, video, captions, output, signal }),
        );
        await storage.putFile(captionedKey, output);
      });
    } catch (error) {
      if (signal.aborted) throw error;
      // A newer keepsake, or a memory deleted, took this one's files away; a newer one queues its own drawing.
      if ((await repository.findKeepsake(db, userId))?.renderedVersion !== version) return;
      // ffmpeg refusing the keepsake would again: logged, and the pilgrim keeps the keepsake with its track.
      if (!(error instanceof MediaToolError)) throw error;
      logger.warn({ err: error, userId }, 'the keepsake’s captions could not be drawn');
      return;
    }
    if (!(await repository.publishCaptioned(db, userId, version, captionedKey))) {
      await service.removeFiles([captionedKey]);
      return;
    }
    await service.announce(userId, { kind: 'keepsake' });
  };

  /**
   * Safe to run twice: a keepsake drawn already is left alone, and one replaced while it was drawn is
   * not named (the new one's publishing queued its own). Asked for by the pilgrim, then by every join.
   */
  const captioned = defineJob<CaptionedJobData>({
    name: CAPTIONED_JOB,
    // It encodes the whole keepsake, up to 40 minutes of four long takes: its claim lasts as long as
    // one render may (026), not a segment's 20 minutes.
    queue: { ...renderQueue, policy: 'stately', expireInSeconds: 60 * 60 },
    handle: async ({ userId }, job) => {
      // A memory deleted takes the keepsake away when its transaction ends (the drawing then finds it
      // replaced); the whole folder going is the account going, which stops the drawing at once.
      const gone = new AbortController();
      const stopListening = await deps.pubsub.subscribe(MEDIA_GONE_CHANNEL, (mediaKey) => {
        if (mediaKey === `${userFolder(userId)}/`) gone.abort();
      });
      try {
        await drawShownKeepsake(userId, AbortSignal.any([job.signal, gone.signal]));
      } catch (error) {
        if (!gone.signal.aborted || job.signal.aborted) throw error;
        logger.info({ userId }, 'stopped drawing the captions of a keepsake that is gone');
      } finally {
        await stopListening();
      }
    },
  });

  // The dead-letter queue must exist before the queues that name it.
  return [gaveUp, normalise, join, captioned];
};
