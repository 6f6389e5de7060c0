import { type CrisisLanguage, crisisLanguages, type GeneratedItem } from '#contract/vela.ts';
import { crisisPhrases } from './crisis-phrases.ts';
import { crisisReplies } from './crisis-replies.ts';
import { helplineFor } from './helplines.ts';

/** The form every pattern in `crisis-phrases.ts` is written against (described there). */
export const normaliseForCrisis = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[.!?;:,…¡¿]+/g, ' . ')
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const hintSets = new Map(
  crisisLanguages.map((language) => [language, new Set(crisisPhrases[language].hints)] as const),
);

/**
 * The language of the cry for help in the text, or null when there is none. A phrase match outweighs any
 * number of hint words, so hints only decide between languages whose phrases both matched.
 */
export const crisisLanguageOf = (text: string): CrisisLanguage | null => {
  const normal = normaliseForCrisis(text);
  const words = normal.split(' ');
  let best: CrisisLanguage | null = null;
  let bestScore = 0;
  for (const language of crisisLanguages) {
    const matched = crisisPhrases[language].phrases.filter((phrase) => phrase.test(normal)).length;
    if (!matched) continue;
    const hints = hintSets.get(language)!;
    const score = matched * 1000 + words.filter((word) => hints.has(word)).length;
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  return best;
};

/** Only countries with a listed line are named, so the code is always a real ISO region. */
const countryIn = (language: CrisisLanguage, code: string, fallback: string) =>
  new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? fallback;

/**
 * The reviewed crisis reply in the pilgrim's language, with the helpline of their country; when we do not
 * know their country, that of the language's home (none for English), else the international directory.
 */
export const crisisAnswer = (language: CrisisLanguage, nationality: string | null): GeneratedItem => {
  const words = crisisReplies[language];
  const helpline = helplineFor(nationality ?? words.country);
  const parts = [words.opening];
  if (helpline.crisis)
    parts.push(
      words.line(
        helpline.crisis.name,
        helpline.crisis.phone,
        countryIn(language, helpline.country, helpline.country_name),
      ),
    );
  parts.push(helpline.emergency ? words.emergency(helpline.emergency) : words.anyEmergency);
  parts.push(words.directory(helpline.directory.name, helpline.directory.url));
  parts.push(words.closing);
  return { generated_text: parts.join(' '), safety: 'selfHarm', helpline };
};
