/**
 * The keepsake's sound, spliced from each segment's AAC without encoding it again (decision 010).
 *
 * AAC codes audio in frames of 1024 samples, each overlapping the next, and an encoder starts every
 * stream with one priming frame. Concatenated as they are, segments would drift ~21 ms apart at each
 * join; so each segment's priming frame is left out, and its frames are placed on the keepsake's one
 * grid of 1024 samples. Every segment begins with at least two frames of silence (a title card, a
 * photo or a journey card), and AAC's overlap at a splice then meets silence on both sides: no click.
 * The grid cannot follow every segment's start to the sample, so a segment may leave out one frame of
 * its opening silence; its sound then stays within half a frame (10.7 ms) of its pictures.
 */

/** Samples in one AAC frame. */
export const AAC_FRAME_SAMPLES = 1024;

export class AdtsError extends Error {}

/** The frames of an ADTS stream (ISO/IEC 13818-7): each starts with a 7- or 9-byte header giving its length. */
export const adtsFrames = (stream: Buffer): Buffer[] => {
  const frames: Buffer[] = [];
  for (let offset = 0; offset < stream.length; ) {
    const synced = stream[offset] === 0xff && ((stream[offset + 1] ?? 0) & 0xf6) === 0xf0;
    if (!synced || offset + 7 > stream.length) throw new AdtsError(`no ADTS frame at byte ${offset}`);
    const length =
      ((stream[offset + 3]! & 0x03) << 11) | (stream[offset + 4]! << 3) | (stream[offset + 5]! >> 5);
    if (length < 7 || offset + length > stream.length)
      throw new AdtsError(`an ADTS frame at byte ${offset} runs past the stream`);
    frames.push(stream.subarray(offset, offset + length));
    offset += length;
  }
  return frames;
};

export interface SegmentAudio {
  /** The segment's audio as its encoder wrote it in ADTS: the priming frame first. */
  adts: Buffer;
  /** How long the segment's pictures last, in samples: where the next segment's sound must start. */
  samples: number;
}

/** One ADTS stream for the whole keepsake, its sound within half a frame of its pictures throughout. */
export const spliceSegmentAudio = (segments: SegmentAudio[]): Buffer => {
  const kept: Buffer[] = [];
  let written = 0;
  let picturesAt = 0;
  for (const [index, segment] of segments.entries()) {
    const [, ...frames] = adtsFrames(segment.adts);
    const needed = Math.ceil(segment.samples / AAC_FRAME_SAMPLES);
    if (frames.length < needed)
      throw new AdtsError(`segment ${index} has ${frames.length} audio frames, ${needed} expected`);
    const skipped = Math.max(0, Math.round((written - picturesAt) / AAC_FRAME_SAMPLES));
    kept.push(...frames.slice(skipped, needed));
    written += (needed - skipped) * AAC_FRAME_SAMPLES;
    picturesAt += segment.samples;
  }
  return Buffer.concat(kept);
};
