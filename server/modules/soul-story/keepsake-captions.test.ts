import { describe, expect, it } from 'vitest';
import webvtt from 'webvtt-parser';
import { keepsakeCaptions, mostCommonLanguage, trackLanguage } from './keepsake-captions.ts';

const take = [
  'WEBVTT',
  '',
  'NOTE written by the pilgrim',
  '',
  '1',
  '00:00.000 --> 00:01.500',
  'Hello from <i>Santiago</i>',
  '',
  '2',
  '00:01.500 --> 00:03.000 align:start line:0',
  '<v Pilgrim>Buen <00:02.000>Camino</v>',
  '',
].join('\n');

const cuesOf = (vtt: string) => {
  const parsed = new webvtt.WebVTTParser().parse(vtt);
  expect(parsed.errors).toEqual([]);
  return parsed.cues.map(({ startTime, endTime, text }) => ({ startTime, endTime, text }));
};

describe('the keepsake’s captions', () => {
  it('shift each take’s cues to where its clip plays, keeping their settings, text and order', () => {
    const vtt = keepsakeCaptions([
      { vtt: take, start: 6, end: 10 },
      { vtt: take.replaceAll('\n', '\r\n'), start: 3725, end: 3730 },
    ])!;
    expect(cuesOf(vtt)).toEqual([
      { startTime: 6, endTime: 7.5, text: 'Hello from <i>Santiago</i>' },
      { startTime: 7.5, endTime: 9, text: '<v Pilgrim>Buen <00:08.000>Camino</v>' },
      { startTime: 3725, endTime: 3726.5, text: 'Hello from <i>Santiago</i>' },
      { startTime: 3726.5, endTime: 3728, text: '<v Pilgrim>Buen <01:02:07.000>Camino</v>' },
    ]);
    expect(vtt).toContain('00:07.500 --> 00:09.000 align:start line:0\n');
    // Notes and cue identifiers are each take's own: two takes' "1" would clash.
    expect(vtt).not.toContain('NOTE');
    expect(vtt).not.toMatch(/^1$/m);
  });

  it('cut a cue where its segment ends, so the next card stays clear, and drop one that starts after', () => {
    const vtt = keepsakeCaptions([{ vtt: take, start: 2, end: 3.2 }])!;
    expect(cuesOf(vtt)).toEqual([{ startTime: 2, endTime: 3.2, text: 'Hello from <i>Santiago</i>' }]);
  });

  it('are none when no take has a cue', () => {
    expect(keepsakeCaptions([])).toBeNull();
    expect(keepsakeCaptions([{ vtt: 'WEBVTT\n', start: 2, end: 5 }])).toBeNull();
  });
});

describe('the keepsake’s captions track', () => {
  it('is tagged with the language most takes are in, the earliest when tied', () => {
    expect(mostCommonLanguage(['en', 'es', 'es'])).toBe('es');
    expect(mostCommonLanguage(['pt-BR', 'en'])).toBe('pt-BR');
    expect(mostCommonLanguage([])).toBeNull();
  });

  it('names the language by its ISO 639-2 code, as an mp4 track must', () => {
    expect(trackLanguage('en')).toBe('eng');
    expect(trackLanguage('es')).toBe('spa');
    expect(trackLanguage('pt-BR')).toBe('por');
    // The terminology code, not the bibliographic one (ger).
    expect(trackLanguage('de')).toBe('deu');
    expect(trackLanguage('zh-Hant-TW')).toBe('zho');
    expect(trackLanguage('haw')).toBe('haw');
    expect(trackLanguage('yue')).toBe('und');
  });
});
