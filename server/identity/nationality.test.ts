import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { countries } from '#contract/countries.ts';
import { isCountryCode, matchNationality, nationalityToStore, readNationality } from './nationality.ts';
import { demonyms, extraNames } from './nationality-words.ts';

type Names = Record<string, string | string[]>;
const listOf = (names: string | string[]) => (Array.isArray(names) ? names : [names]);

/** Names the lists give to two countries; they name neither. */
const shared = new Set(['Congo', 'Korea', 'Corea']);

describe('nationality matcher', () => {
  it('knows every country of the list by its code, in any letter case', () => {
    expect(countries.length).toBeGreaterThanOrEqual(245);
    for (const { code } of countries) {
      expect(matchNationality(code), code).toBe(code);
      expect(matchNationality(code.toLowerCase()), code).toBe(code);
      expect(isCountryCode(code)).toBe(true);
    }
  });

  it('knows every country of the list by the English name it shows, in any case and with spaces', () => {
    for (const { code, name } of countries) {
      expect(matchNationality(name), name).toBe(code);
      expect(matchNationality(`  ${name.toUpperCase()} `), name).toBe(code);
    }
  });

  it('knows every English and Spanish name and alias of the ISO list, and the common names beside them', () => {
    const names: [string, string][] = [];
    for (const list of [en.countries as Names, es.countries as Names])
      for (const [code, entry] of Object.entries(list))
        for (const name of listOf(entry)) names.push([code, name]);
    for (const [code, entry] of Object.entries(extraNames))
      for (const name of entry.split(',').map((word) => word.trim())) names.push([code, name]);
    expect(names.length).toBeGreaterThan(550);
    for (const [code, name] of names) {
      if (shared.has(name)) continue;
      expect(matchNationality(name), name).toBe(code);
    }
  });

  it.each([
    ['SY', 'SY'],
    ['Syria', 'SY'],
    ['Syrian Arab Republic', 'SY'],
    ['Laos', 'LA'],
    ['Brunei', 'BN'],
    ['Holy See', 'VA'],
    ['Vatican City', 'VA'],
    ['Moldova', 'MD'],
    ['Republic of Moldova', 'MD'],
    ['Micronesia', 'FM'],
    ['South Korea', 'KR'],
    ['north korea', 'KP'],
    ['Czechia', 'CZ'],
    ['Ivory Coast', 'CI'],
    ["cote d'ivoire", 'CI'],
    ['Côte d’Ivoire', 'CI'],
    ['The Gambia', 'GM'],
    ['St. Lucia', 'LC'],
    ['St Kitts and Nevis', 'KN'],
    ['Bosnia & Herzegovina', 'BA'],
    ['Guinea Bissau', 'GW'],
    ['British Virgin Islands', 'VG'],
    ['U.S. Virgin Islands', 'VI'],
    ['Falkland Islands', 'FK'],
    ['UK', 'GB'],
    ['Great Britain', 'GB'],
    ['England', 'GB'],
    ['USA', 'US'],
    ['U.S.A.', 'US'],
    ['United States', 'US'],
    ['Estados Unidos', 'US'],
    ['EE. UU.', 'US'],
    ['España', 'ES'],
    ['espana', 'ES'],
    ['Alemania', 'DE'],
    ['Reino Unido', 'GB'],
    ['Países Bajos', 'NL'],
    ['Holland', 'NL'],
    ['Santa Sede', 'VA'],
    ['Moldavia', 'MD'],
    ['Siria', 'SY'],
    ['Costa de Marfil', 'CI'],
    ['Corea del Sur', 'KR'],
    ['Burma', 'MM'],
    ['Swaziland', 'SZ'],
    ['Viet Nam', 'VN'],
    ['Türkiye', 'TR'],
    ['Turkey', 'TR'],
    ['Curacao', 'CW'],
    ['Aland Islands', 'AX'],
  ])('reads the name %j as %s', (input, code) => {
    expect(matchNationality(input)).toBe(code);
  });

  it.each([
    ['Spanish', 'ES'],
    ['spaniard', 'ES'],
    ['Español', 'ES'],
    ['española', 'ES'],
    ['ESPANOLA', 'ES'],
    ['british', 'GB'],
    ['Briton', 'GB'],
    ['Scottish', 'GB'],
    ['Welsh', 'GB'],
    ['Northern Irish', 'GB'],
    ['británico', 'GB'],
    ['británica', 'GB'],
    ['inglesa', 'GB'],
    ['escocés', 'GB'],
    ['American', 'US'],
    ['estadounidense', 'US'],
    ['norteamericana', 'US'],
    ['German', 'DE'],
    ['alemán', 'DE'],
    ['alemana', 'DE'],
    ['French', 'FR'],
    ['francés', 'FR'],
    ['francesa', 'FR'],
    ['Irish', 'IE'],
    ['irlandesa', 'IE'],
    ['Italian', 'IT'],
    ['italiana', 'IT'],
    ['Portuguese', 'PT'],
    ['portuguesa', 'PT'],
    ['Dutch', 'NL'],
    ['neerlandés', 'NL'],
    ['holandesa', 'NL'],
    ['Mexican', 'MX'],
    ['mexicana', 'MX'],
    ['Argentine', 'AR'],
    ['Argentinian', 'AR'],
    ['argentina', 'AR'],
    ['Brazilian', 'BR'],
    ['brasileña', 'BR'],
    ['Filipino', 'PH'],
    ['Filipina', 'PH'],
    ['Polish', 'PL'],
    ['polaca', 'PL'],
    ['South Korean', 'KR'],
    ['surcoreana', 'KR'],
    ['Japanese', 'JP'],
    ['japonesa', 'JP'],
    ['Chinese', 'CN'],
    ['Syrian', 'SY'],
    ['siria', 'SY'],
    ['Laotian', 'LA'],
    ['Bruneian', 'BN'],
    ['Moldovan', 'MD'],
    ['moldava', 'MD'],
    ['Swiss', 'CH'],
    ['suiza', 'CH'],
    ['Swedish', 'SE'],
    ['Danish', 'DK'],
    ['Norwegian', 'NO'],
    ['Icelandic', 'IS'],
    ['islandesa', 'IS'],
    ['Latvian', 'LV'],
    ['letona', 'LV'],
    ['Kyrgyz', 'KG'],
    ['kirguisa', 'KG'],
    ['Mongolian', 'MN'],
    ['mongola', 'MN'],
    ['Colombian', 'CO'],
    ['colombiana', 'CO'],
    ['Venezuelan', 'VE'],
    ['venezolana', 'VE'],
    ['Peruvian', 'PE'],
    ['peruana', 'PE'],
    ['Chilean', 'CL'],
    ['chilena', 'CL'],
    ['Dominican Republic', 'DO'],
    ['dominicana', 'DO'],
    ['Puerto Rican', 'PR'],
    ['puertorriqueña', 'PR'],
    ['Costa Rican', 'CR'],
    ['costarricense', 'CR'],
    ['Ecuadorian', 'EC'],
    ['ecuatoriana', 'EC'],
    ['Salvadoran', 'SV'],
    ['salvadoreña', 'SV'],
    ['Australian', 'AU'],
    ['New Zealander', 'NZ'],
    ['neozelandesa', 'NZ'],
    ['Canadian', 'CA'],
    ['canadiense', 'CA'],
    ['South African', 'ZA'],
    ['sudafricana', 'ZA'],
    ['Nigerian', 'NG'],
    ['Nigerien', 'NE'],
    ['Moroccan', 'MA'],
    ['marroquí', 'MA'],
    ['Israeli', 'IL'],
    ['Palestinian', 'PS'],
    ['Ukrainian', 'UA'],
    ['ucraniana', 'UA'],
    ['Russian', 'RU'],
    ['rusa', 'RU'],
    ['Greek', 'GR'],
    ['griega', 'GR'],
    ['Turkish', 'TR'],
    ['Vietnamese', 'VN'],
    ['vietnamita', 'VN'],
    ['Indian', 'IN'],
    ['Emirati', 'AE'],
    ['Saudi', 'SA'],
    ['Vatican', 'VA'],
  ])('reads the demonym %j as %s', (input, code) => {
    expect(matchNationality(input)).toBe(code);
  });

  it('holds an English demonym for every inhabited country of the list, and reads each one', () => {
    const withoutPeople = new Set(['AQ', 'BV', 'BQ', 'GG', 'GS', 'HM', 'IO', 'JE', 'SJ', 'TF', 'UM']);
    expect(countries.filter(({ code }) => !withoutPeople.has(code) && !demonyms[code])).toEqual([]);
    const sharedDemonyms = new Set(['Korean', 'coreano', 'Congolese', 'congoleño', 'Dominican']);
    for (const [code, entry] of Object.entries(demonyms))
      for (const word of entry.split(/[,|]/).map((part) => part.trim())) {
        if (sharedDemonyms.has(word)) continue;
        expect(matchNationality(word), word).toBe(code);
      }
  });

  it.each([
    '',
    '   ',
    'Spa',
    'Span',
    'Spanishh',
    'Britain-ish',
    'Brit-ish',
    'Korea',
    'Korean',
    'coreano',
    'Corea',
    'Congo',
    'Congolese',
    'congoleña',
    'Dominican',
    'Virgin Islands',
    'Atlantis',
    'Narnia',
    'ZZ',
    'XX',
    'UKK',
    'Europe',
    'European',
    'Latino',
    'Arab',
    'Pilgrim of the world',
    'Citizen of the world',
    'the',
    'of',
    'Spain; drop table users',
    'Spanish or French',
    "Spain'); --",
    '<script>Spain</script>',
  ])('maps %j to nothing', (input) => {
    expect(matchNationality(input)).toBeNull();
  });
});

describe('nationality on the profile', () => {
  it('stores a country it reads as its code, free text as written, and empty as none', () => {
    expect(nationalityToStore('Spanish')).toBe('ES');
    expect(nationalityToStore(' british ')).toBe('GB');
    expect(nationalityToStore('  Pilgrim of the world ')).toBe('Pilgrim of the world');
    expect(nationalityToStore('Korean')).toBe('Korean');
    expect(nationalityToStore('   ')).toBeNull();
    expect(nationalityToStore(null)).toBeNull();
  });

  it('shows a stored code as the country name, and anything else as written', () => {
    expect(readNationality('ES')).toEqual({ nationality: 'Spain', nationality_code: 'ES' });
    expect(readNationality('GB')).toEqual({ nationality: 'United Kingdom', nationality_code: 'GB' });
    expect(readNationality('Pilgrim of the world')).toEqual({
      nationality: 'Pilgrim of the world',
      nationality_code: null,
    });
    expect(readNationality(null)).toEqual({ nationality: null, nationality_code: null });
  });
});
