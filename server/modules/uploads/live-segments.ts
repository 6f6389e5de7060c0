import { once } from 'node:events';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { AppDeps } from '#server/deps.ts';
import { type MediaTools, type Probe, probe } from '#server/media/ffmpeg.ts';
import { clipShapeOf, renderStreamedVideoSegment, videoRefusal } from '../soul-story/index.ts';

/** Every WebM (what browsers record) starts with the EBML magic; anything else waits for the whole file. */
const WEBM_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const READ_BYTES = 256 * 1024;
/**
 * How long a completed take's render may still run before it is given up and the normalise job, held
 * back as long, renders the take instead. It keeps pace with the recording, so it is normally done a few
 * seconds after the last byte; one that fell behind on a busy machine is still ahead of a fresh render.
 */
export const LIVE_RENDER_GRACE_MS = 120_000;
/**
 * A render whose upload received nothing for this long is ended; the next PATCH starts it again. A
 * recorder sends a chunk a second, so a minute of silence is a closed tab or a lost connection.
 */
const IDLE_MS = 60_000;

/** Whose take an upload is, for its title card and for a new take of the same prompt that replaces it. */
export interface TakeOwner {
  userId: string;
  type: string;
  title: string;
}

interface LiveSegment {
  owner: TakeOwner;
  /** How many of the upload's bytes are on disk, ready to be read. */
  received: number;
  ended: boolean;
  stop: AbortController;
  /** Wakes the reader waiting for more bytes. */
  wake: () => void;
  /** The finished segment's file, or null when the render failed or was cancelled. */
  segment: Promise<string | null>;
  /** Ends the render's hold on its files: they are removed, unless storage took the segment already. */
  letGo: () => void;
}

const sleepUntil = (ms: number, signal: AbortSignal) =>
  new Promise<null>((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { once: true },
    );
  });

/**
 * Renders a take's segment while its upload is still arriving (decision 025): the bytes the file store
 * holds are read in order and fed to ffmpeg, so the segment is ready moments after the last one.
 * Only where the upload's bytes are on this process's disk (the file store); with a bucket the normalise
 * job renders the take once it is complete. A process that restarts starts again from the first byte at
 * the next PATCH; nothing of a render outlives its process (its ffmpeg dies with it, its files are swept).
 */
export const createLiveSegments = (
  deps: Pick<AppDeps, 'config' | 'mediaTools' | 'temporaryFiles' | 'logger' | 'metrics'>,
) => {
  const renderLive = deps.metrics.timedRender('live-segment', renderStreamedVideoSegment);
  const live = new Map<string, LiveSegment>();
  /** Uploads that are not a WebM (the normalise job renders them once complete), or past the limits. */
  const notStreamable = new Set<string>();
  /** Renders being started (the clip's first bytes probed): the last PATCH waits for one to begin. */
  const starting = new Map<string, Promise<void>>();
  /** Uploads cancelled while their render was starting: it ends as soon as it has started. */
  const withdrawn = new Set<string>();
  const enabled = !deps.config.S3_BUCKET;
  /**
   * A live render lasts as long as its recording and is paced by it, so it never waits for, or holds,
   * one of the places queued renders take turns on (RENDER_CONCURRENCY): a pilgrim's join must not wait
   * behind another's recording, or an abandoned one. LIVE_RENDER_LIMIT caps them instead; a take that
   * finds no place is rendered by the normalise job once complete.
   */
  const liveTools: MediaTools = {
    ffmpeg: deps.mediaTools.ffmpeg,
    ffprobe: deps.mediaTools.ffprobe,
    source: deps.mediaTools.source,
  };
  const fileOf = (id: string) => path.join(deps.config.uploadsDir, id);

  /** Feeds the upload's bytes, in order, as they are received, and ends the feed after the last one. */
  const feedFrom = async (id: string, entry: LiveSegment, feed: PassThrough) => {
    const file = await open(fileOf(id), 'r');
    try {
      let fed = 0;
      while (!entry.stop.signal.aborted) {
        if (fed < entry.received) {
          const buffer = Buffer.allocUnsafe(Math.min(READ_BYTES, entry.received - fed));
          const { bytesRead } = await file.read(buffer, 0, buffer.length, fed);
          if (bytesRead === 0) throw new Error('the upload holds fewer bytes than its offset');
          fed += bytesRead;
          if (!feed.write(buffer.subarray(0, bytesRead)))
            await once(feed, 'drain', { signal: entry.stop.signal });
        } else if (entry.ended) {
          feed.end();
          return;
        } else {
          const woke = await Promise.race([
            new Promise<true>((resolve) => {
              entry.wake = () => resolve(true);
            }),
            sleepUntil(IDLE_MS, entry.stop.signal),
          ]);
          if (!woke) entry.stop.abort();
        }
      }
    } finally {
      await file.close();
    }
  };

  const begin = async (id: string, owner: TakeOwner, received: number) => {
    if (live.size + starting.size >= deps.config.LIVE_RENDER_LIMIT) return;
    const head = Buffer.alloc(WEBM_MAGIC.length);
    const file = await open(fileOf(id), 'r');
    try {
      await file.read(head, 0, head.length, 0);
    } finally {
      await file.close();
    }
    if (!head.equals(WEBM_MAGIC)) {
      notStreamable.add(id);
      return;
    }
    let probed: Probe;
    let shape: ReturnType<typeof clipShapeOf>;
    try {
      probed = await probe(deps.mediaTools, fileOf(id), { packets: true });
      shape = clipShapeOf(probed);
    } catch {
      // Too few bytes yet to tell the clip's size: the next PATCH tries again.
      return;
    }
    // A take past the limits is never rendered: completing its upload refuses it, by the same check.
    if (videoRefusal(probed)) {
      notStreamable.add(id);
      return;
    }
    const stop = new AbortController();
    const feed = new PassThrough({ highWaterMark: READ_BYTES });
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const entry: LiveSegment = {
      owner,
      received,
      ended: false,
      stop,
      wake: () => {},
      letGo,
      segment: Promise.resolve(null),
    };
    stop.signal.addEventListener('abort', () => {
      entry.wake();
      feed.destroy();
    });
    entry.segment = new Promise((resolve) => {
      deps.temporaryFiles
        .use(async (temporary) => {
          const output = temporary('.live.segment.mov');
          try {
            await Promise.all([
              renderLive({
                tools: liveTools,
                input: feed,
                output,
                title: owner.title,
                shape,
                signal: stop.signal,
              }),
              feedFrom(id, entry, feed),
            ]);
            resolve(output);
          } catch (error) {
            if (!stop.signal.aborted)
              deps.logger.warn({ err: error, uploadId: id }, 'a take could not be rendered as it arrived');
            stop.abort();
            resolve(null);
          }
          await held;
        })
        .catch((error: unknown) => {
          deps.logger.warn({ err: error, uploadId: id }, 'a live render’s files could not be removed');
          resolve(null);
        });
    });
    live.set(id, entry);
    if (withdrawn.delete(id)) cancel(id);
  };

  /** Stops an upload's render, if any: its ffmpeg is ended and its files removed. */
  const cancel = (id: string) => {
    const entry = live.get(id);
    live.delete(id);
    notStreamable.delete(id);
    if (starting.has(id)) withdrawn.add(id);
    if (!entry) return;
    entry.stop.abort();
    entry.letGo();
  };

  return {
    /**
     * A PATCH was stored: the upload's first `received` bytes are on disk. Starts the take's render (from
     * the first byte) unless one runs, or tells the running one there is more to read.
     */
    received: async (id: string, owner: TakeOwner, received: number) => {
      const entry = live.get(id);
      if (entry) {
        entry.received = Math.max(entry.received, received);
        entry.wake();
        return;
      }
      if (!enabled || owner.type === 'photo' || notStreamable.has(id) || starting.has(id)) return;
      const started = begin(id, owner, received)
        .catch((error: unknown) =>
          deps.logger.warn({ err: error, uploadId: id }, 'could not start rendering a take as it arrived'),
        )
        .finally(() => {
          starting.delete(id);
          withdrawn.delete(id);
        });
      starting.set(id, started);
      await started;
    },
    /**
     * The upload is complete at `size` bytes: ends the feed, and answers its render (if one runs) without
     * waiting for it. Its `segment` is the finished file, or null when the render failed, was cancelled or
     * ran past the grace; `release` then ends the render and removes its files.
     */
    finish: async (id: string, size: number) => {
      await starting.get(id);
      const entry = live.get(id);
      if (!entry) return undefined;
      entry.received = size;
      entry.ended = true;
      entry.wake();
      return {
        segment: Promise.race([entry.segment, sleepUntil(LIVE_RENDER_GRACE_MS, entry.stop.signal)]),
        release: () => cancel(id),
      };
    },
    cancel,
    /** A new take of a prompt replaces the pilgrim's earlier one: its render is no longer wanted. */
    cancelTake: (userId: string, type: string) => {
      for (const [id, { owner }] of live) if (owner.userId === userId && owner.type === type) cancel(id);
    },
    /** How many renders run, for the tests and the bench. */
    running: () => live.size,
    close: () => {
      for (const id of [...live.keys()]) cancel(id);
    },
  };
};

export type LiveSegments = ReturnType<typeof createLiveSegments>;
export type LiveRender = NonNullable<Awaited<ReturnType<LiveSegments['finish']>>>;
