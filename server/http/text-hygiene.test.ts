import { describe, expect, it } from 'vitest';
import { assertCleanText, controlCharacterMessage, findControlCharacter } from './text-hygiene.ts';

describe('text hygiene', () => {
  it('finds NUL and other control characters wherever they sit, naming the field', () => {
    expect(findControlCharacter('a\u0000b')).toBe('');
    expect(findControlCharacter({ bio: 'walking\u0000' })).toBe('bio');
    expect(findControlCharacter({ answers: [{ text: 'ok' }, { text: 'bell\u0007' }] })).toBe(
      'answers.1.text',
    );
    expect(findControlCharacter({ 'key\u001b': 'value' })).toBe('');
    expect(findControlCharacter({ note: 'del\u007f' })).toBe('note');
  });

  it('keeps tab, line breaks, accents and emoji as text', () => {
    expect(findControlCharacter({ message: 'Buen Camino!\r\n\tSantiago — ¡olé! 🐚' })).toBeNull();
    expect(findControlCharacter({ count: 3, ok: true, none: null, file: Buffer.from([0]) })).toBeNull();
  });

  it('refuses with one clear message', () => {
    expect(() => assertCleanText({ name: 'A\u0000' })).toThrow(controlCharacterMessage);
    expect(() => assertCleanText({ name: 'Ana' })).not.toThrow();
  });
});
