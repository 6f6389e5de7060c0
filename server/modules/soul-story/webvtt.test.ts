import { describe, expect, it } from 'vitest';
import { captionsBody, soulStoryMessages as messages } from '#contract/soul-story.ts';
import { captionsRefusal } from './webvtt.ts';

const valid = [
  'WEBVTT',
  '',
  'NOTE written by the pilgrim',
  '',
  '1',
  '00:00.000 --> 00:01.500',
  'Hello from <i>Santiago</i>',
  '',
  '00:00:01.500 --> 00:00:03.000 align:start line:0',
  '<v Pilgrim>Buen Camino</v>',
  '',
].join('\n');

describe('a take’s captions', () => {
  it('accepts a valid WebVTT file whose cues end by the take’s end, with any line ending', () => {
    expect(captionsRefusal(valid, 3)).toBeNull();
    expect(captionsRefusal(valid.replaceAll('\n', '\r\n'), 3)).toBeNull();
    expect(captionsRefusal('\uFEFFWEBVTT\n', 1)).toBeNull();
    // A container rounds the take's length: a cue may run a frame or two past it.
    expect(captionsRefusal(valid, 2.95)).toBeNull();
  });

  it('says which line is wrong and why', () => {
    expect(captionsRefusal('00:00.000 --> 00:01.000\nHello\n', 5)).toBe(
      messages.captionsInvalid(1, 'No valid signature. (File needs to start with "WEBVTT".)'),
    );
    expect(captionsRefusal('WEBVTT\n\n00:00.000 --> 00:0x.500\nHello\n', 5)).toBe(
      messages.captionsInvalid(3, 'Must be exactly two digits.'),
    );
    expect(captionsRefusal('WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nHello\n', 9)).toBe(
      messages.captionsInvalid(3, 'End timestamp is not greater than start timestamp.'),
    );
    expect(captionsRefusal('WEBVTT\n\n00:00.000 --> 00:01.000\nA\n00:01.000 --> 00:02.000\nB\n', 5)).toBe(
      messages.captionsInvalid(5, 'Blank line missing before cue.'),
    );
    expect(captionsRefusal('WEBVTT\n\n00:00.000 --> 00:01.000 size:200%\nA\n', 5)).toMatch(/line 3: /);
    expect(captionsRefusal('', 5)).toMatch(/line 1: /);
  });

  it('refuses a cue that ends after the take, naming its line and both times', () => {
    expect(captionsRefusal(valid, 2)).toBe(messages.captionsPastEnd(9, '00:03.000', '00:02.000'));
    expect(captionsRefusal('WEBVTT\n\n01:00:00.000 --> 01:00:01.250\nLate\n', 600)).toBe(
      messages.captionsPastEnd(3, '01:00:01.250', '10:00.000'),
    );
  });

  it('takes a language tag in any case and puts it in canonical form, and refuses what is not one', () => {
    const body = (language: unknown) => captionsBody.safeParse({ language, vtt: 'WEBVTT\n' });
    expect(body('en').data?.language).toBe('en');
    expect(body(' pt-br ').data?.language).toBe('pt-BR');
    expect(body('zh-hant-tw').data?.language).toBe('zh-Hant-TW');
    for (const wrong of ['', 'e', 'english!', 'en_US', 'x'.repeat(40), 12, null]) {
      const parsed = body(wrong);
      expect(parsed.success, String(wrong)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(messages.captionsLanguage);
    }
  });

  it('refuses captions larger than 64 KB or empty', () => {
    const big = `WEBVTT\n\n${'x'.repeat(64 * 1024)}`;
    expect(captionsBody.safeParse({ language: 'en', vtt: big }).error?.issues[0]?.message).toBe(
      messages.captionsTooLarge,
    );
    expect(captionsBody.safeParse({ language: 'en', vtt: '' }).error?.issues[0]?.message).toBe(
      messages.captionsRequired,
    );
  });
});
