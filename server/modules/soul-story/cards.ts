import type { JourneySummary } from '../journey/index.ts';
import { fontCovers } from './card-font.ts';

/** What the keepsake's opening and closing cards may tell about the journey; any of it may be unknown. */
export interface JourneyCardFacts {
  firstName: string | null;
  route: string | null;
  startPlace: string | null;
  finishPlace: string | null;
  /** Calendar dates, YYYY-MM-DD. */
  startDate: string | null;
  arrivalDate: string | null;
  distanceKm: number | null;
  compostelaDate: string | null;
}

/** Where the cards' facts come from: the journey record, or the account alone until there is one. */
export type JourneyCardSource = (userId: string) => Promise<JourneyCardFacts>;

/**
 * The cards' facts from the account's first name and the pilgrim's Camino record, either of which may be
 * missing; a Compostela's date counts only while the record says it was received.
 */
export const journeyCardFacts = (
  firstName: string | null,
  record: JourneySummary | null,
): JourneyCardFacts => ({
  firstName,
  route: record?.route ?? null,
  startPlace: record?.startPlace ?? null,
  finishPlace: record?.finishPlace ?? null,
  startDate: record?.startDate ?? null,
  arrivalDate: record?.arrivalDate ?? null,
  distanceKm: record?.distanceKm ?? null,
  compostelaDate: record?.compostela ? record.compostelaDate : null,
});

/** The cards' facts before anything is known. */
export const unknownJourney: JourneyCardFacts = journeyCardFacts(null, null);

/** A card's text: a large first line, and smaller lines beneath it. */
export interface CardText {
  headline: string;
  details: string[];
}

export interface JourneyCards {
  opening: CardText;
  closing: CardText;
}

const MAX_FIELD_LENGTH = 60;
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Bidi controls are left out: drawtext (through fribidi) would obey them, so an override (U+202E) would
 * draw "evil" as "live". Without them the text is ordered by its letters alone, as a name should be.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Text as the card font can draw it on one line, or null when it cannot: bidi controls and emoji are
 * left out (the font has no emoji, and they are decoration), line breaks and runs of spaces become one
 * space, and text with any other character the font lacks is not drawn at all, since it would show as
 * empty boxes and half a name is no better. Composed (NFC) first, so "e" and a combining accent draw
 * as the font's "é".
 */
export const drawableText = (value: string | null): string | null => {
  const text = (value ?? '')
    .normalize('NFC')
    .replace(BIDI_CONTROLS, '')
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0f|\u20e3/gu, '')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
  if (!text) return null;
  for (const character of text) if (!fontCovers(character.codePointAt(0)!)) return null;
  return text;
};

/** The pilgrim's own words for one line of a card, with a very long entry cut. */
const cleanField = (value: string | null): string | null => {
  const text = drawableText(value);
  if (!text) return null;
  const characters = [...text];
  return characters.length > MAX_FIELD_LENGTH
    ? `${characters
        .slice(0, MAX_FIELD_LENGTH - 1)
        .join('')
        .trimEnd()}…`
    : text;
};

interface Day {
  day: number;
  month: number;
  year: number;
}

const readDate = (value: string | null): Day | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { day, month, year };
};

const dayAndMonth = ({ day, month }: Day) => `${day} ${months[month - 1]}`;
const fullDate = (date: Day) => `${dayAndMonth(date)} ${date.year}`;

/** "12 Sep – 14 Oct 2026", "2 – 28 Sep 2026", "28 Dec 2025 – 3 Jan 2026"; one known date says which it is. */
export const formatJourneyDates = (startDate: string | null, arrivalDate: string | null): string | null => {
  const start = readDate(startDate);
  const arrival = readDate(arrivalDate);
  if (start && arrival) {
    if (start.year !== arrival.year) return `${fullDate(start)} – ${fullDate(arrival)}`;
    if (start.month !== arrival.month) return `${dayAndMonth(start)} – ${fullDate(arrival)}`;
    if (start.day !== arrival.day) return `${start.day} – ${fullDate(arrival)}`;
    return fullDate(start);
  }
  if (start) return `Set out ${fullDate(start)}`;
  if (arrival) return `Arrived ${fullDate(arrival)}`;
  return null;
};

const formatDistance = (distanceKm: number | null) => {
  if (distanceKm === null || !Number.isFinite(distanceKm) || Math.round(distanceKm) < 1) return null;
  return `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(distanceKm)} km`;
};

const formatPlaces = (startPlace: string | null, finishPlace: string | null) => {
  if (startPlace && finishPlace) return `${startPlace} → ${finishPlace}`;
  if (startPlace) return `From ${startPlace}`;
  if (finishPlace) return `To ${finishPlace}`;
  return null;
};

const present = (lines: (string | null)[]) => lines.filter((line): line is string => Boolean(line));

/**
 * The opening card says only what is known: the first name and the route on top, then where from and
 * to, then the dates and the distance. A first name alone reads "Ana · My Soul Story"; nothing known,
 * "My Soul Story".
 */
export const openingCard = (facts: JourneyCardFacts): CardText => {
  const firstName = cleanField(facts.firstName);
  const route = cleanField(facts.route);
  const headline = present([firstName, route ?? 'My Soul Story']).join(' · ');
  const when = present([
    formatJourneyDates(facts.startDate, facts.arrivalDate),
    formatDistance(facts.distanceKm),
  ]);
  return {
    headline,
    details: present([
      formatPlaces(cleanField(facts.startPlace), cleanField(facts.finishPlace)),
      when.length ? when.join(' · ') : null,
    ]),
  };
};

/** "Buen Camino", with the day the Compostela was received when it is known. */
export const closingCard = (facts: JourneyCardFacts): CardText => {
  const compostela = readDate(facts.compostelaDate);
  return {
    headline: 'Buen Camino',
    details: compostela ? [`Compostela received ${fullDate(compostela)}`] : [],
  };
};

export const journeyCards = (facts: JourneyCardFacts): JourneyCards => ({
  opening: openingCard(facts),
  closing: closingCard(facts),
});

/** The card on one line: "Ana · Camino Francés · Saint-Jean-Pied-de-Port → Santiago · 12 Sep – 14 Oct 2026 · 780 km". */
export const cardLine = (card: CardText) => [card.headline, ...card.details].join(' · ');
