import { describe, expect, it } from 'vitest';
import webvtt from 'webvtt-parser';
import type { Cue } from './cues.ts';
import { fromVtt, toVtt } from './webvtt.ts';

const cue = (start: number, end: number, text: string): Cue => ({ id: `${start}`, start, end, text });
const withoutIds = (cues: Cue[]) => cues.map(({ start, end, text }) => ({ start, end, text }));

describe('toVtt', () => {
  it('writes each line with its times, in order of start', () => {
    expect(toVtt([cue(1.3, 3.5, 'friends and family'), cue(0, 1.3, 'Buen Camino,')])).toBe(
      'WEBVTT\n\n00:00.000 --> 00:01.300\nBuen Camino,\n\n00:01.300 --> 00:03.500\nfriends and family\n',
    );
  });

  it('writes a file with no lines as the header alone', () => {
    expect(toVtt([])).toBe('WEBVTT\n');
  });

  it('leaves out lines with no words, and the empty lines inside a line that would end its cue', () => {
    expect(toVtt([cue(0, 1, '  '), cue(1, 2, 'first\n\n  second  \n')])).toBe(
      'WEBVTT\n\n00:01.000 --> 00:02.000\nfirst\nsecond\n',
    );
  });

  it('escapes what would read as markup or as a timing line, so the W3C parser accepts it', () => {
    const vtt = toVtt([cue(0, 1, 'Tom & Jerry <3 --> Santiago')]);
    expect(vtt).toContain('Tom &amp; Jerry &lt;3 --&gt; Santiago');
    expect(new webvtt.WebVTTParser().parse(vtt).errors).toEqual([]);
  });
});

describe('fromVtt', () => {
  it('reads back what toVtt wrote, word for word', () => {
    const cues = [cue(0, 1.3, 'Tom & Jerry <3'), cue(1.3, 3.5, 'two\nlines')];
    expect(withoutIds(fromVtt(toVtt(cues)))).toEqual(withoutIds(cues));
  });

  it('keeps the words of a drafted file and leaves its markup, identifiers and settings out', () => {
    const vtt = [
      'WEBVTT',
      '',
      'intro',
      '00:00.500 --> 00:02.000 align:start',
      '<v Maria>We walked <i>together</i></v> &lt;3 &nbsp;',
      '',
      '00:02.000 --> 00:04.000',
      'to <00:03.000>Santiago',
      '',
    ].join('\n');
    expect(withoutIds(fromVtt(vtt))).toEqual([
      { start: 0.5, end: 2, text: 'We walked together <3 \u00a0' },
      { start: 2, end: 4, text: 'to Santiago' },
    ]);
  });

  it('gives each line an id of its own', () => {
    const [first, second] = fromVtt(toVtt([cue(0, 1, 'a'), cue(1, 2, 'b')]));
    expect(first?.id).not.toBe(second?.id);
  });
});
