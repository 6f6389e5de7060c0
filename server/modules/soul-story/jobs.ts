import { defineJob } from '#server/jobs/queue.ts';
import { MediaToolError } from '#server/media/ffmpeg.ts';
import { addNotification } from '../notifications/index.ts';
import { joinSegments, renderPhotoSegment, renderVideoSegment } from './render.ts';
import * as repository from './repository.ts';
import {
  allPromptsTaken,
  JOIN_JOB,
  type JoinJobData,
  keepsakeKeysFor,
  NORMALISE_JOB,
  type NormaliseJobData,
  type SoulStoryDeps,
  type SoulStoryService,
  segmentKeyFor,
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
const RENDER_FAILED_JOB = 'soul-story.render-failed';

/** Reports progress to the database at most every 1.5 s, never blocking the render on it. */
const throttledProgress = (deps: SoulStoryDeps, write: (percent: number) => Promise<unknown>) => {
  let lastWrite = 0;
  return (fraction: number) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_WRITE_INTERVAL_MS) return;
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
export const soulStoryJobs = (deps: SoulStoryDeps, service: SoulStoryService) => {
  const { db, storage, temporaryFiles, logger } = deps;

  /** A render that failed every retry: record it, so the user sees 'failed' instead of waiting forever. */
  const gaveUp = defineJob<NormaliseJobData | JoinJobData>({
    name: RENDER_FAILED_JOB,
    handle: async (data) => {
      if ('storyId' in data) {
        await repository.finishSegment(db, data.storyId, data.mediaKey, {
          segmentKey: null,
          segmentStatus: 'failed',
        });
        return;
      }
      const keepsake = await repository.findKeepsake(db, data.userId);
      if (keepsake) await repository.markKeepsakeFailed(db, data.userId, keepsake.version);
    },
  });

  /** Makes one memory's segment. Safe to run twice: a finished or outdated segment is left alone. */
  const normalise = defineJob<NormaliseJobData>({
    name: NORMALISE_JOB,
    queue: { ...renderQueue, deadLetter: RENDER_FAILED_JOB },
    handle: async ({ storyId, mediaKey }, job) => {
      const story = await repository.findById(db, storyId);
      if (!story || story.mediaKey !== mediaKey) return;
      if (story.segmentStatus !== 'pending') {
        await service.requestJoin(story.userId);
        return;
      }
      const segmentKey = segmentKeyFor(mediaKey);
      if ((await storage.size(segmentKey)) === null) {
        const render = story.kind === 'photo' ? renderPhotoSegment : renderVideoSegment;
        try {
          await temporaryFiles.use(async (temporary) => {
            const segment = temporary('.segment.mov');
            await storage.withLocalFiles([mediaKey], ([input = '']) =>
              render({
                tools: deps.mediaTools,
                input,
                output: segment,
                title: story.title,
                onProgress: throttledProgress(deps, (percent) =>
                  repository.setSegmentProgress(db, storyId, mediaKey, percent),
                ),
                signal: job.signal,
              }),
            );
            await storage.putFile(segmentKey, segment);
          });
        } catch (error) {
          // ffmpeg refusing the input will refuse it again: record the failure instead of retrying.
          if (!(error instanceof MediaToolError) || job.signal.aborted) throw error;
          logger.warn({ err: error, storyId }, 'a memory could not be rendered');
          await repository.finishSegment(db, storyId, mediaKey, {
            segmentKey: null,
            segmentStatus: 'failed',
          });
          return;
        }
      }
      const current = await repository.finishSegment(db, storyId, mediaKey, {
        segmentKey,
        segmentStatus: 'ready',
      });
      if (!current) {
        await service.removeFiles([segmentKey]);
        return;
      }
      await service.requestJoin(story.userId);
    },
  });

  /** Joins the ready segments in the user's order; publishes the result only if nothing changed meanwhile. */
  const join = defineJob<JoinJobData>({
    name: JOIN_JOB,
    queue: { ...renderQueue, policy: 'stately', deadLetter: RENDER_FAILED_JOB },
    handle: async ({ userId }, job) => {
      const keepsake = await repository.findKeepsake(db, userId);
      if (!keepsake || keepsake.renderedVersion === keepsake.version) return;
      const { version } = keepsake;
      const stories = await repository.listForUser(db, userId);
      if (!allPromptsTaken(stories) || stories.some((story) => story.segmentStatus !== 'ready')) return;
      const keys = keepsakeKeysFor(userId, version);
      const totalSeconds = stories.reduce((sum, story) => sum + story.segmentSeconds, 0);
      const reportJoin = throttledProgress(deps, (percent) =>
        repository.setJoinProgress(db, userId, version, percent),
      );
      try {
        await temporaryFiles.use(async (temporary) => {
          const [video, poster] = [temporary('.keepsake.mp4'), temporary('.poster.jpg')];
          await storage.withLocalFiles(
            stories.map((story) => story.segmentKey!),
            (segments) =>
              joinSegments({
                tools: deps.mediaTools,
                segments,
                output: video,
                poster,
                onProgress: (seconds) => reportJoin(seconds / totalSeconds),
              }),
          );
          await storage.putFile(keys.posterKey, poster);
          await storage.putFile(keys.videoKey, video);
        });
      } catch (error) {
        if (!(error instanceof MediaToolError) || job.signal.aborted) throw error;
        logger.warn({ err: error, userId }, 'the keepsake could not be joined');
        await repository.markKeepsakeFailed(db, userId, version);
        return;
      }
      const previous = await db.transaction(async (tx) => {
        const replaced = await repository.publishKeepsake(tx, userId, version, keys);
        if (replaced && !replaced.videoKey)
          await addNotification(tx, {
            userId,
            title: 'Your Soul Story is ready',
            message: 'Your keepsake video is ready to watch, download and share.',
            link: '/soul-story',
          });
        return replaced;
      });
      if (!previous) {
        // Another render of this version may have published these very files.
        const shown = await repository.findKeepsake(db, userId);
        if (shown?.videoKey !== keys.videoKey) await service.removeFiles([keys.videoKey, keys.posterKey]);
        return;
      }
      if (previous.videoKey !== keys.videoKey)
        await service.removeFiles([previous.videoKey, previous.posterKey]);
    },
  });

  // The dead-letter queue must exist before the queues that name it.
  return [gaveUp, normalise, join];
};
