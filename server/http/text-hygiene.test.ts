import { describe, expect, it } from 'vitest';
import {
  assertCleanText,
  controlCharacterMessage,
  findTextProblem,
  MAX_NESTING_DEPTH,
  nestedTooDeeplyMessage,
  nestsTooDeeply,
} from './text-hygiene.ts';

const controlCharacterIn = (value: unknown) => {
  const problem = findTextProblem(value);
  return problem?.kind === 'control-character' ? problem.field : null;
};

/** `depth` arrays or objects, one inside the next, built without recursion. */
const nested = (depth: number, kind: 'array' | 'object') => {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level++) value = kind === 'array' ? [value] : { a: value };
  return value;
};

describe('text hygiene', () => {
  it('finds NUL and other control characters wherever they sit, naming the field', () => {
    expect(controlCharacterIn('a\u0000b')).toBe('');
    expect(controlCharacterIn({ bio: 'walking\u0000' })).toBe('bio');
    expect(controlCharacterIn({ answers: [{ text: 'ok' }, { text: 'bell\u0007' }] })).toBe('answers.1.text');
    expect(controlCharacterIn({ 'key\u001b': 'value' })).toBe('');
    expect(controlCharacterIn({ note: 'del\u007f' })).toBe('note');
  });

  it('keeps tab, line breaks, accents and emoji as text', () => {
    expect(controlCharacterIn({ message: 'Buen Camino!\r\n\tSantiago — ¡olé! 🐚' })).toBeNull();
    expect(controlCharacterIn({ count: 3, ok: true, none: null, file: Buffer.from([0]) })).toBeNull();
  });

  it('refuses with one clear message', () => {
    expect(() => assertCleanText({ name: 'A\u0000' })).toThrow(controlCharacterMessage);
    expect(() => assertCleanText({ name: 'Ana' })).not.toThrow();
  });

  it('refuses a nesting of any depth past the limit without running out of stack', () => {
    for (const kind of ['array', 'object'] as const) {
      const deep = nested(10_000, kind);
      expect(findTextProblem(deep)).toEqual({ kind: 'too-deep' });
      expect(() => assertCleanText(deep)).toThrow(nestedTooDeeplyMessage);
      expect(findTextProblem(nested(MAX_NESTING_DEPTH, kind))).toBeNull();
      expect(findTextProblem(nested(MAX_NESTING_DEPTH + 1, kind))).toEqual({ kind: 'too-deep' });
    }
  });

  it('counts the nesting of JSON text before it is parsed, ignoring brackets inside strings', () => {
    expect(nestsTooDeeply('['.repeat(10_000) + ']'.repeat(10_000))).toBe(true);
    expect(nestsTooDeeply(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`)).toBe(true);
    expect(nestsTooDeeply(JSON.stringify(nested(MAX_NESTING_DEPTH, 'object')))).toBe(false);
    expect(nestsTooDeeply(JSON.stringify(nested(MAX_NESTING_DEPTH + 1, 'array')))).toBe(true);
    expect(nestsTooDeeply(JSON.stringify({ text: '['.repeat(1000), quoted: '\\"[[[' }))).toBe(false);
    expect(nestsTooDeeply('{"message": "Buen Camino", "answers": [{"text": "ok"}]}')).toBe(false);
  });
});
