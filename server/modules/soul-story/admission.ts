import sharp from 'sharp';
import {
  MAX_PHOTO_MEGAPIXELS,
  MAX_VIDEO_FPS,
  MAX_VIDEO_SECONDS,
  MAX_VIDEO_SIDE,
  soulStoryMessages as messages,
} from '#contract/soul-story.ts';
import { type Probe, packetsEnd } from '#server/media/ffmpeg.ts';

/** A take of exactly ten minutes ends a few frames past it, by its container's rounding. */
const SECONDS_SLACK = 0.5;

/** The video stream's packets: how many, and the time they span (first start to last end). */
const videoPackets = (probed: Probe, videoIndex: number) => {
  let count = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const packet of probed.packets ?? []) {
    if (packet.stream_index !== videoIndex) continue;
    const pts = Number(packet.pts_time);
    if (!Number.isFinite(pts)) continue;
    const duration = Number(packet.duration_time);
    count += 1;
    first = Math.min(first, pts);
    last = Math.max(last, pts + (Number.isFinite(duration) ? duration : 0));
  }
  return { count, seconds: count ? last - first : 0 };
};

/** What the container says of its length, in the format and in each stream, wherever it says it. */
const claimedSeconds = (probed: Probe) =>
  Math.max(
    0,
    ...[probed.format.duration, ...probed.streams.map((stream) => stream.duration)]
      .map(Number)
      .filter(Number.isFinite),
  );

/**
 * Why rendering this take would cost more than a real take could, or null: frames over 4096 px a side,
 * over 60 a second, or longer than ten minutes by what the container claims or by what its packets hold.
 * Read from a probe listing its packets: of the whole file at the door, or of the first bytes of a take
 * still arriving (its render starts only if they pass). A file without a video stream is not judged here.
 */
export const videoRefusal = (probed: Probe): string | null => {
  const video = probed.streams.find((stream) => stream.codec_type === 'video');
  if (!video) return null;
  if ((video.width ?? 0) > MAX_VIDEO_SIDE || (video.height ?? 0) > MAX_VIDEO_SIDE)
    return messages.videoTooWide;
  // The frames the stream holds, not its declared rate: a WebM declares its time base (often 1000).
  const frames = videoPackets(probed, video.index);
  if (frames.count > MAX_VIDEO_FPS * Math.max(1, frames.seconds) + 1) return messages.videoFrameRate;
  const limit = MAX_VIDEO_SECONDS + SECONDS_SLACK;
  if (claimedSeconds(probed) > limit || packetsEnd(probed.packets ?? []) > limit)
    return messages.videoTooLong;
  return null;
};

/**
 * Why rendering this photo would cost more than a real one could, or null; only its header is read. A
 * header sharp cannot read is not judged here: the render cannot decode it either, and records it failed.
 */
export const photoRefusal = async (file: string): Promise<string | null> => {
  // Without the limit, sharp refuses to read even the size of a photo over its own (268 megapixels).
  const { width, height } = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  return width * height > MAX_PHOTO_MEGAPIXELS * 1_000_000 ? messages.photoTooManyPixels : null;
};
