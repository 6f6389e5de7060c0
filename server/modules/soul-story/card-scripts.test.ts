import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '#server/media/ffmpeg.ts';
import { openingCard, unknownJourney } from './cards.ts';
import { fontFile, renderCardSegment, SEGMENT, wrapTitle } from './render.ts';

const exec = promisify(execFile);
const tools = resolveMediaTools({});
/** A frame of the opening card between its fades, where the text is drawn at full strength. */
const STILL_FRAME = 60;
/** Where a card of one headline line draws it: centred in the frame, inside the line's 88 px. */
const HEADLINE_TOP = Math.round((SEGMENT.height - 88) / 2) + (88 - 68) / 2;

const lumaOf = async (args: string[]) =>
  (
    await exec(
      tools.ffmpeg,
      ['-v', 'error', ...args, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
      {
        encoding: 'buffer',
        maxBuffer: 4 * SEGMENT.width * SEGMENT.height,
      },
    )
  ).stdout;

const meanDifference = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += Math.abs(a[index]! - b[index]!);
  return sum / a.length;
};

describe('the cards draw every pilgrim’s name the font has, and only as written', () => {
  let work: string;
  const luma = new Map<string, Buffer>();

  /** The opening card for a first name alone, rendered as the join job does; its still frame's luma. */
  const cardFor = async (label: string, firstName: string | null) => {
    const output = path.join(work, `${label}.segment.mov`);
    await renderCardSegment({
      tools,
      output,
      card: openingCard({ ...unknownJourney, firstName }),
      frames: SEGMENT.openingFrames,
    });
    luma.set(label, await lumaOf(['-i', output, '-vf', `select=eq(n\\,${STILL_FRAME})`]));
  };

  /** The headline drawn straight onto the card's colour with the card font: what the card should show. */
  const drawnDirectly = async (label: string, text: string) => {
    const textFile = path.join(work, `${label}.txt`);
    await writeFile(textFile, text);
    return lumaOf([
      '-f',
      'lavfi',
      '-i',
      `color=c=0x1b2a3a:s=${SEGMENT.width}x${SEGMENT.height}`,
      '-vf',
      `drawtext=fontfile='${fontFile}':textfile='${textFile}':expansion=none:fontsize=68:fontcolor=white:x=(w-tw)/2:y=${HEADLINE_TOP}`,
    ]);
  };

  const hash = (label: string) => createHash('sha256').update(luma.get(label)!).digest('hex');

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'card-scripts-'));
    await cardFor('neutral', null);
    await cardFor('evil', 'evil');
    await cardFor('override', '\u202eevil');
    await cardFor('arabic', '\u202bمحمد\u202c');
    await cardFor('hebrew', 'דוד');
    await cardFor('devanagari', 'अनुराधा');
  }, 120_000);
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('draws a name with a right-to-left override as the plain name', () => {
    expect(hash('override')).toBe(hash('evil'));
    expect(hash('evil')).not.toBe(hash('neutral'));
  });

  it('gives a name in a script the font lacks the neutral card, not empty boxes', () => {
    expect(hash('devanagari')).toBe(hash('neutral'));
  });

  it('draws Arabic joined and Hebrew letters, not the empty boxes of a missing glyph', async () => {
    for (const [label, name] of [
      ['arabic', 'محمد'],
      ['hebrew', 'דוד'],
    ] as const) {
      const card = luma.get(label)!;
      expect(hash(label)).not.toBe(hash('neutral'));
      const expected = meanDifference(
        card,
        await drawnDirectly(`${label}-expected`, `${name} · My Soul Story`),
      );
      // The card font has no Devanagari: each letter drawn with it is the missing glyph's empty box.
      const boxes = meanDifference(card, await drawnDirectly(`${label}-boxes`, 'अअअ · My Soul Story'));
      expect(expected, label).toBeLessThan(boxes / 4);
    }
    // The same letters kept apart (a zero-width non-joiner between each) are not what the card shows.
    const unjoined = meanDifference(
      luma.get('arabic')!,
      await drawnDirectly('arabic-unjoined', 'م\u200cح\u200cم\u200cد · My Soul Story'),
    );
    const joined = meanDifference(
      luma.get('arabic')!,
      await drawnDirectly('arabic-joined', 'محمد · My Soul Story'),
    );
    expect(joined).toBeLessThan(unjoined / 2);
  }, 60_000);

  it('draws a memory’s title the same way: without bidi controls, or not at all', () => {
    expect(wrapTitle('\u202eevil sunrise')).toBe('evil sunrise');
    expect(wrapTitle('सूर्योदय')).toBe('');
  });
});
