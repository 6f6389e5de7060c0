import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import { countryName } from '#contract/countries.ts';
import { demonyms, extraNames } from './nationality-words.ts';

/**
 * Reads a nationality the way people write it: an ISO 3166 alpha-2 code, or a country's name, alias
 * or demonym in English or Spanish, in any letter case, with or without accents. The tables stay on
 * the server: the browser only needs the English names it already has for the country list.
 */

type Names = Record<string, string | string[]>;

const listOf = (names: string | string[]) => (Array.isArray(names) ? names : [names]);
const splitList = (entry: string) =>
  entry
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

/**
 * Lower case, no accents, apostrophes and full stops dropped, hyphens, commas and brackets read as
 * spaces, 'St' read as 'Saint', a leading 'the' dropped. Other signs stay, so 'Spain; --' names nothing.
 */
const normalise = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`.]/g, '')
    .replace(/[\s,()/-]+/g, ' ')
    .trim()
    .replace(/^the /, '')
    .replace(/^st /, 'saint ');

/** 'Moldova, Republic of' also reads as 'Moldova' and 'Republic of Moldova'; '(…)' may be left out. */
const variantsOf = (name: string): string[] => {
  const withoutBrackets = name.replace(/\s*\([^)]*\)\s*/g, ' ').trim();
  const variants = [name, withoutBrackets];
  const [head, tail] = withoutBrackets.split(/,\s*/);
  if (head && tail) variants.push(head, `${tail} ${head}`);
  return variants;
};

/** italiano → italiana, francés → francesa, español → española, alemán → alemana, kirguís → kirguisa. */
const spanishFeminine = (word: string) =>
  word
    .replace(/o$/, 'a')
    .replace(/és$/, 'esa')
    .replace(/án$/, 'ana')
    .replace(/ón$/, 'ona')
    .replace(/ís$/, 'isa')
    .replace(/ol$/, 'ola');

const spanishForms = (demonym: string) => {
  const feminine = demonym.split(' ').map(spanishFeminine).join(' ');
  return feminine === demonym ? [demonym] : [demonym, feminine];
};

/** Every word and the one code it names; a word that names two countries maps to null. */
const codeByWord = (() => {
  const words = new Map<string, string | null>();
  const add = (word: string, code: string) => {
    const key = normalise(word);
    if (!key) return;
    const previous = words.get(key);
    words.set(key, previous === undefined || previous === code ? code : null);
  };
  for (const [code, names] of [
    ...Object.entries(en.countries as Names),
    ...Object.entries(es.countries as Names),
  ])
    for (const name of listOf(names)) for (const variant of variantsOf(name)) add(variant, code);
  for (const [code, names] of Object.entries(extraNames))
    for (const name of splitList(names)) add(name, code);
  for (const [code, entry] of Object.entries(demonyms)) {
    const [english = '', spanish = ''] = entry.split('|');
    for (const word of splitList(english)) add(word, code);
    for (const word of splitList(spanish)) for (const form of spanishForms(word)) add(form, code);
  }
  return words;
})();

const namesByCode = en.countries as Names;

/** True for an ISO 3166 alpha-2 code as stored: two capital letters of a listed country. */
export const isCountryCode = (value: string) => /^[A-Z]{2}$/.test(value) && value in namesByCode;

/** The alpha-2 code the value names, or null when it names no single country. */
export const matchNationality = (value: string): string | null => {
  const trimmed = value.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && isCountryCode(trimmed.toUpperCase())) return trimmed.toUpperCase();
  return codeByWord.get(normalise(trimmed)) ?? null;
};

/**
 * What to store for a nationality given as free text (the profile): the code when it names a
 * country, else the text as written; empty means none.
 */
export const nationalityToStore = (value: string | null): string | null => {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  return matchNationality(trimmed) ?? trimmed;
};

/** What a client reads for a stored nationality: the country's English name and code, or the text as written. */
export const readNationality = (stored: string | null) => {
  const code = stored && isCountryCode(stored) ? stored : null;
  return { nationality: code ? countryName(code) : stored, nationality_code: code };
};
