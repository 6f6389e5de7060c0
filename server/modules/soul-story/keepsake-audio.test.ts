import { describe, expect, it } from 'vitest';
import { AAC_FRAME_SAMPLES, AdtsError, adtsFrames, spliceSegmentAudio } from './keepsake-audio.ts';

/** An ADTS frame (7-byte header, no CRC) whose one payload byte names it, so a test can tell frames apart. */
const frame = (name: number) => {
  const length = 8;
  return Buffer.from([
    0xff,
    0xf1,
    0x4c,
    0x40 | ((length >> 11) & 0x03),
    (length >> 3) & 0xff,
    ((length & 0x07) << 5) | 0x1f,
    0xfc,
    name,
  ]);
};

/** A segment's audio as an encoder writes it: a priming frame (named 0), then frames named from `first`. */
const encoded = (first: number, count: number) =>
  Buffer.concat([frame(0), ...Array.from({ length: count }, (_, index) => frame(first + index))]);

const namesOf = (stream: Buffer) => adtsFrames(stream).map((each) => each.at(-1));

describe('the keepsake’s audio', () => {
  it('reads an ADTS stream frame by frame, and refuses bytes that are not one', () => {
    expect(namesOf(encoded(1, 3))).toEqual([0, 1, 2, 3]);
    expect(() => adtsFrames(Buffer.from('not audio'))).toThrow(AdtsError);
    expect(() => adtsFrames(encoded(1, 2).subarray(0, 12))).toThrow(AdtsError);
  });

  it('leaves out each segment’s priming frame and the frames past its end', () => {
    const spliced = spliceSegmentAudio([
      { adts: encoded(10, 4), samples: 3 * AAC_FRAME_SAMPLES },
      { adts: encoded(20, 3), samples: 2 * AAC_FRAME_SAMPLES },
    ]);
    expect(namesOf(spliced)).toEqual([10, 11, 12, 20, 21]);
  });

  it('keeps every segment’s sound within half a frame of its pictures by leaving out opening silence', () => {
    // Segments of 2.6 frames each: the whole frames run ahead of the pictures, until one is left out.
    const samples = Math.round(2.6 * AAC_FRAME_SAMPLES);
    const segments = Array.from({ length: 6 }, (_, index) => ({
      adts: encoded(10 * (index + 1), 3),
      samples,
    }));
    const kept = namesOf(spliceSegmentAudio(segments));

    let written = 0;
    for (const [index] of segments.entries()) {
      const firstKept = kept.find((name) => Math.floor(name! / 10) === index + 1)!;
      const skipped = firstKept - 10 * (index + 1);
      expect(skipped).toBeLessThanOrEqual(1);
      const soundAt = written - skipped * AAC_FRAME_SAMPLES;
      expect(Math.abs(soundAt - index * samples)).toBeLessThanOrEqual(AAC_FRAME_SAMPLES / 2);
      written += kept.filter((name) => Math.floor(name! / 10) === index + 1).length * AAC_FRAME_SAMPLES;
    }
    expect(Math.abs(written - segments.length * samples)).toBeLessThan(AAC_FRAME_SAMPLES);
  });

  it('refuses a segment with fewer frames than its pictures last', () => {
    expect(() => spliceSegmentAudio([{ adts: encoded(1, 2), samples: 3 * AAC_FRAME_SAMPLES }])).toThrow(
      'segment 0 has 2 audio frames, 3 expected',
    );
  });
});
