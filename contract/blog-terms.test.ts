import { describe, expect, it } from 'vitest';
import { paragraphsOf, teaserOf } from './blog-terms.ts';

describe('teaserOf', () => {
  it('uses the written teaser when there is one', () => {
    expect(teaserOf('  A short note. ', 'Body text')).toBe('A short note.');
  });

  it('falls back to the first 150 characters of the body', () => {
    const body = `  ${'x'.repeat(200)}`;
    expect(teaserOf('', body)).toBe('x'.repeat(150));
    expect(teaserOf(null, 'Short body.')).toBe('Short body.');
  });
});

describe('paragraphsOf', () => {
  it('splits at blank lines, including ones with spaces or Windows line ends', () => {
    expect(paragraphsOf('One\nstill one\n\nTwo\r\n  \r\nThree\n\n\n')).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
  });
});
