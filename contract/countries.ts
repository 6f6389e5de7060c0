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

export const countryName = (code: string | null | undefined): string | null =>
  code ? (countries.find((country) => country.code === code)?.name ?? null) : null;

export const nationalityMessages = {
  unknown: 'Please choose a country from the list',
} as const;
