import { describe, expect, it } from 'vitest';
import { firstFreeSlug, isUuid, slugify } from './slug.ts';

describe('slugify', () => {
  it('folds accents and joins words with single hyphens', () => {
    expect(slugify('  Último día en Santiago — ¡gracias!  ')).toBe('ultimo-dia-en-santiago-gracias');
  });

  it('keeps slugs short without a trailing hyphen', () => {
    const slug = slugify(`${'word '.repeat(30)}end`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('gives a title without letters or digits a usable slug', () => {
    expect(slugify('🙏 ✨')).toBe('post');
  });
});

describe('firstFreeSlug', () => {
  it('adds the first free number when the slug is taken', () => {
    expect(firstFreeSlug('home', [])).toBe('home');
    expect(firstFreeSlug('home', ['home', 'home-2', 'home-again'])).toBe('home-3');
  });
});

describe('isUuid', () => {
  it('tells ids from slugs', () => {
    expect(isUuid('6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b')).toBe(true);
    expect(isUuid('carrying-the-shell-home')).toBe(false);
  });
});
