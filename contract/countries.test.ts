import { describe, expect, it } from 'vitest';
import { countries, countryName } from './countries.ts';

describe('country list', () => {
  it('holds about 250 countries, each with a two-letter code, sorted by name', () => {
    expect(countries.length).toBeGreaterThanOrEqual(245);
    expect(countries.every((country) => /^[A-Z]{2}$/.test(country.code))).toBe(true);
    const names = countries.map((country) => country.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
  });

  it('names a code for the screens', () => {
    expect(countryName('PT')).toBe('Portugal');
    expect(countryName(null)).toBeNull();
  });
});
