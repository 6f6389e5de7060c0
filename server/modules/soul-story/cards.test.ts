import { describe, expect, it } from 'vitest';
import {
  cardLine,
  closingCard,
  drawableText,
  formatJourneyDates,
  type JourneyCardFacts,
  openingCard,
  unknownJourney,
} from './cards.ts';

const ana: JourneyCardFacts = {
  firstName: 'Ana',
  route: 'Camino Francés',
  startPlace: 'Saint-Jean-Pied-de-Port',
  finishPlace: 'Santiago',
  startDate: '2026-09-12',
  arrivalDate: '2026-10-14',
  distanceKm: 780,
  compostelaDate: '2026-10-14',
};

describe('the opening card', () => {
  it('tells the whole journey when it is known', () => {
    const card = openingCard(ana);
    expect(card).toEqual({
      headline: 'Ana · Camino Francés',
      details: ['Saint-Jean-Pied-de-Port → Santiago', '12 Sep – 14 Oct 2026 · 780 km'],
    });
    expect(cardLine(card)).toBe(
      'Ana · Camino Francés · Saint-Jean-Pied-de-Port → Santiago · 12 Sep – 14 Oct 2026 · 780 km',
    );
  });

  it('says a plain "My Soul Story" when nothing is known, with the first name when only that is', () => {
    expect(openingCard(unknownJourney)).toEqual({ headline: 'My Soul Story', details: [] });
    expect(openingCard({ ...unknownJourney, firstName: 'Ana' })).toEqual({
      headline: 'Ana · My Soul Story',
      details: [],
    });
    expect(openingCard({ ...unknownJourney, firstName: '   ' }).headline).toBe('My Soul Story');
  });

  it('leaves out what is unknown', () => {
    expect(cardLine(openingCard({ ...ana, firstName: null }))).toBe(
      'Camino Francés · Saint-Jean-Pied-de-Port → Santiago · 12 Sep – 14 Oct 2026 · 780 km',
    );
    expect(cardLine(openingCard({ ...ana, route: null, startDate: null, arrivalDate: null }))).toBe(
      'Ana · My Soul Story · Saint-Jean-Pied-de-Port → Santiago · 780 km',
    );
    expect(openingCard({ ...ana, finishPlace: null, distanceKm: null }).details).toEqual([
      'From Saint-Jean-Pied-de-Port',
      '12 Sep – 14 Oct 2026',
    ]);
    expect(openingCard({ ...ana, startPlace: null, distanceKm: 0 }).details).toEqual([
      'To Santiago',
      '12 Sep – 14 Oct 2026',
    ]);
  });

  it('writes distances rounded, with a thousands separator', () => {
    expect(openingCard({ ...unknownJourney, distanceKm: 1523.6 }).details).toEqual(['1,524 km']);
    expect(openingCard({ ...unknownJourney, distanceKm: 115.2 }).details).toEqual(['115 km']);
    expect(openingCard({ ...unknownJourney, distanceKm: Number.NaN }).details).toEqual([]);
  });

  it('keeps the pilgrim’s own words on one line, without emoji the font cannot draw, and cut when very long', () => {
    const card = openingCard({
      ...unknownJourney,
      firstName: 'Zoë 🌟',
      route: 'My "own" way:\n100% \\ walked',
      startPlace: 'A'.repeat(80),
    });
    expect(card.headline).toBe('Zoë · My "own" way: 100% \\ walked');
    expect(card.details[0]).toBe(`From ${'A'.repeat(59)}…`);
    expect(openingCard({ ...unknownJourney, route: '👣🙏🏽' }).headline).toBe('My Soul Story');
  });
});

describe('text the card font can draw', () => {
  it('draws Latin, Greek, Cyrillic, Arabic and Hebrew letters, and the cards’ own marks', () => {
    for (const name of ['Zoë', 'Ελένη', 'Дмитрий', 'محمد', 'فاطمه‌ی', 'דוד', 'Łukasz Ørsted-Çelik'])
      expect(drawableText(name)).toBe(name);
    expect(drawableText('Saint-Jean → Santiago · 12 Sep – 14 Oct 2026 · 780 km…')).not.toBeNull();
  });

  it('leaves out a script the font does not have, rather than draw empty boxes', () => {
    for (const name of ['अनुराधा', '美咲', 'สมชาย', 'Ana 美咲', 'ᚠᛁᚾ'])
      expect(drawableText(name), name).toBeNull();
  });

  it('leaves out bidi controls, so an override cannot turn a name around', () => {
    expect(drawableText('\u202eevil')).toBe('evil');
    expect(drawableText('\u2067محمد\u2069 \u200fAna\u200e\u061c')).toBe('محمد Ana');
    expect(drawableText('\u202a\u202b\u202c\u202d\u2066\u2068')).toBeNull();
  });

  it('composes accents, and drops emoji and line breaks', () => {
    expect(drawableText('Zoe\u0308')).toBe('Zoë');
    expect(drawableText('  Ana 👩🏽‍🦰\n\tMaría ')).toBe('Ana María');
    expect(drawableText(null)).toBeNull();
  });
});

describe('a name the font cannot draw', () => {
  it('gives the neutral card, and a route or place in such a script is left out the same way', () => {
    expect(openingCard({ ...unknownJourney, firstName: 'अनुराधा' })).toEqual(openingCard(unknownJourney));
    expect(openingCard({ ...ana, firstName: 'अनुराधा', route: '四国遍路' })).toEqual(
      openingCard({ ...ana, firstName: null, route: null }),
    );
    expect(openingCard({ ...ana, startPlace: 'ไทย' }).details[0]).toBe('To Santiago');
  });

  it('keeps an Arabic or Hebrew name beside the route, without its bidi controls', () => {
    expect(openingCard({ ...unknownJourney, firstName: 'محمد', route: 'Camino Francés' }).headline).toBe(
      'محمد · Camino Francés',
    );
    expect(openingCard({ ...unknownJourney, firstName: '\u202bדוד\u202c' }).headline).toBe(
      'דוד · My Soul Story',
    );
    expect(openingCard({ ...unknownJourney, firstName: '\u202eevil' })).toEqual(
      openingCard({ ...unknownJourney, firstName: 'evil' }),
    );
  });
});

describe('journey dates', () => {
  it('name the year once when both dates share it', () => {
    expect(formatJourneyDates('2026-09-12', '2026-10-14')).toBe('12 Sep – 14 Oct 2026');
    expect(formatJourneyDates('2026-09-02', '2026-09-28')).toBe('2 – 28 Sep 2026');
    expect(formatJourneyDates('2026-09-02', '2026-09-02')).toBe('2 Sep 2026');
  });

  it('name both years across a new year', () => {
    expect(formatJourneyDates('2025-12-28', '2026-01-03')).toBe('28 Dec 2025 – 3 Jan 2026');
  });

  it('say which date it is when only one is known, and nothing when neither is', () => {
    expect(formatJourneyDates('2026-09-12', null)).toBe('Set out 12 Sep 2026');
    expect(formatJourneyDates(null, '2026-10-14')).toBe('Arrived 14 Oct 2026');
    expect(formatJourneyDates(null, null)).toBeNull();
  });

  it('ignore a date that is not a calendar date', () => {
    expect(formatJourneyDates('2026-02-30', '2026-10-14')).toBe('Arrived 14 Oct 2026');
    expect(formatJourneyDates('12/09/2026', null)).toBeNull();
  });
});

describe('the closing card', () => {
  it('says Buen Camino, with the day the Compostela was received when known', () => {
    expect(closingCard(ana)).toEqual({
      headline: 'Buen Camino',
      details: ['Compostela received 14 Oct 2026'],
    });
    expect(closingCard(unknownJourney)).toEqual({ headline: 'Buen Camino', details: [] });
  });
});
