import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

/** One country of the maintained ISO 3166 list: the alpha-2 code and its English name. */
export interface Country {
  code: string;
  name: string;
}

const namesByCode = en.countries as Record<string, string | string[]>;

/** Every country, sorted by name; the first English name of each is the one people see. */
export const countries: Country[] = Object.entries(namesByCode)
  .map(([code, names]) => ({ code, name: Array.isArray(names) ? names[0]! : names }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const normalise = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/** Every English name and alias that points at exactly one country; shared aliases ('Congo') are left out. */
const codeByName = (() => {
  const seen = new Map<string, string | null>();
  for (const [code, names] of Object.entries(namesByCode)) {
    for (const name of Array.isArray(names) ? names : [names]) {
      const key = normalise(name);
      const previous = seen.get(key);
      seen.set(key, previous === undefined || previous === code ? code : null);
    }
  }
  return seen;
})();

/** The alpha-2 code for a code or English name in any letter case, or null when it names no single country. */
export const countryCode = (value: string): string | null => {
  const trimmed = value.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && namesByCode[trimmed.toUpperCase()]) return trimmed.toUpperCase();
  return codeByName.get(normalise(trimmed)) ?? null;
};

export const countryName = (code: string | null | undefined): string | null =>
  code ? (countries.find((country) => country.code === code)?.name ?? null) : null;

export const nationalityMessages = {
  unknown: 'Please choose a country from the list',
} as const;
