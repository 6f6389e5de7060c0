import { describe, expect, it } from 'vitest';
import { countries, countryCode, countryName } from './countries.ts';

describe('country list', () => {
  it('holds about 250 countries, each with a two-letter code, sorted by name', () => {
    expect(countries.length).toBeGreaterThanOrEqual(245);
    expect(countries.every((country) => /^[A-Z]{2}$/.test(country.code))).toBe(true);
    const names = countries.map((country) => country.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
  });

  it.each([
    ['ES', 'ES'],
    ['es', 'ES'],
    ['Spain', 'ES'],
    ['  SPAIN ', 'ES'],
    ['united kingdom', 'GB'],
    ['Ivory Coast', 'CI'],
    ["cote d'ivoire", 'CI'],
    ['Czechia', 'CZ'],
  ])('maps %j to %s', (input, code) => {
    expect(countryCode(input)).toBe(code);
  });

  it.each(['Atlantis', 'ZZ', 'Congo', '', 'Spain; drop table users'])('maps %j to nothing', (input) => {
    expect(countryCode(input)).toBeNull();
  });

  it('names a code for the screens', () => {
    expect(countryName('PT')).toBe('Portugal');
    expect(countryName(null)).toBeNull();
  });
});
