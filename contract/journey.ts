import { z } from 'zod';
import { booleanFromText, calendarDate } from './common.ts';
import { caminoDurations } from './profile.ts';

export const MAX_PLACE_LENGTH = 100;
export const MAX_ROUTE_LENGTH = 100;
export const MAX_WALKED_WITH_LENGTH = 500;
export const MAX_DISTANCE_KM = 10_000;

/** Where most pilgrims on a route begin, and the usual distance from there to the route's end. */
interface TypicalStart {
  place: string;
  km: number;
}

interface CaminoRoute {
  name: string;
  finish: string;
  starts: readonly TypicalStart[];
}

/**
 * The routes the record offers, with their usual end and the distances guides quote from the usual
 * starting points. The figures are round and only a suggestion: the pilgrim may change them.
 */
export const caminoRoutes: readonly CaminoRoute[] = [
  {
    name: 'Camino Francés',
    finish: 'Santiago de Compostela',
    starts: [
      { place: 'Saint-Jean-Pied-de-Port', km: 780 },
      { place: 'Roncesvalles', km: 760 },
      { place: 'Pamplona', km: 715 },
      { place: 'Logroño', km: 610 },
      { place: 'Burgos', km: 490 },
      { place: 'León', km: 310 },
      { place: 'Ponferrada', km: 205 },
      { place: 'O Cebreiro', km: 155 },
      { place: 'Sarria', km: 115 },
    ],
  },
  {
    name: 'Camino Portugués',
    finish: 'Santiago de Compostela',
    starts: [
      { place: 'Lisboa', km: 620 },
      { place: 'Coimbra', km: 390 },
      { place: 'Porto', km: 240 },
      { place: 'Ponte de Lima', km: 175 },
      { place: 'Tui', km: 118 },
    ],
  },
  {
    name: 'Portugués por la Costa',
    finish: 'Santiago de Compostela',
    starts: [
      { place: 'Porto', km: 280 },
      { place: 'Viana do Castelo', km: 200 },
      { place: 'Baiona', km: 120 },
    ],
  },
  {
    name: 'Camino del Norte',
    finish: 'Santiago de Compostela',
    starts: [
      { place: 'Irún', km: 820 },
      { place: 'Bilbao', km: 660 },
      { place: 'Santander', km: 560 },
      { place: 'Ribadeo', km: 190 },
    ],
  },
  {
    name: 'Camino Primitivo',
    finish: 'Santiago de Compostela',
    starts: [
      { place: 'Oviedo', km: 320 },
      { place: 'Lugo', km: 100 },
    ],
  },
  {
    name: 'Camino Inglés',
    finish: 'Santiago de Compostela',
    starts: [
      { place: 'Ferrol', km: 118 },
      { place: 'A Coruña', km: 73 },
    ],
  },
  {
    name: 'Vía de la Plata',
    finish: 'Santiago de Compostela',
    starts: [
      { place: 'Sevilla', km: 1000 },
      { place: 'Salamanca', km: 480 },
      { place: 'Ourense', km: 105 },
    ],
  },
  {
    name: 'Le Puy',
    finish: 'Santiago de Compostela',
    starts: [{ place: 'Le Puy-en-Velay', km: 1520 }],
  },
  {
    name: 'Via Francigena',
    finish: 'Roma',
    starts: [
      { place: 'Canterbury', km: 2000 },
      { place: 'Lausanne', km: 1000 },
      { place: 'Lucca', km: 400 },
      { place: 'Viterbo', km: 110 },
    ],
  },
  {
    name: 'Camino de Finisterre y Muxía',
    finish: 'Fisterra',
    starts: [{ place: 'Santiago de Compostela', km: 90 }],
  },
];

const sameWords = (a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' }) === 0;

/** The listed route a name means, whatever its case or accents ("camino frances"), or undefined. */
export const findRoute = (name: string) => caminoRoutes.find((route) => sameWords(route.name, name.trim()));

/** The usual distance in km from a starting place along a listed route, or undefined when there is none. */
export const typicalDistanceKm = (routeName: string, startPlace: string) =>
  findRoute(routeName)?.starts.find((start) => sameWords(start.place, startPlace.trim()))?.km;

/** Days on the way, the first and the last both counted: 12 to 14 September is three days. */
export const daysWalked = (startDate: string, arrivalDate: string) =>
  Math.round((Date.parse(arrivalDate) - Date.parse(startDate)) / 86_400_000) + 1;

/** The profile's duration for those days: the shortest choice that holds them, the longest beyond it. */
export const caminoDurationFor = (days: number) =>
  caminoDurations.find((choice) => days <= choice) ?? caminoDurations.at(-1)!;

export const journeyMessages = {
  title: 'Your Camino',
  saved: 'Your Camino is saved',
  saveFailed: 'Your Camino could not be saved',
  loadFailed: 'Your Camino could not be loaded',
  tryAgain: 'Please try again.',
  routeTooLong: `The route must be at most ${MAX_ROUTE_LENGTH} characters`,
  startPlaceTooLong: `The starting place must be at most ${MAX_PLACE_LENGTH} characters`,
  finishPlaceTooLong: `The finishing place must be at most ${MAX_PLACE_LENGTH} characters`,
  walkedWithTooLong: `Who you walked with must be at most ${MAX_WALKED_WITH_LENGTH} characters`,
  textRequired: 'Please write this as text',
  startDateInvalid: 'Please enter the start date as a date',
  arrivalDateInvalid: 'Please enter the arrival date as a date',
  compostelaDateInvalid: 'Please enter the Compostela’s date as a date',
  startDateInFuture: 'The start date cannot be later than today',
  arrivalDateInFuture: 'The arrival date cannot be later than today',
  compostelaDateInFuture: 'The Compostela’s date cannot be later than today',
  arrivalBeforeStart: 'The arrival date cannot be before the start date',
  compostelaBeforeStart: 'The Compostela’s date cannot be before the start date',
  distanceInvalid: `The distance must be a number of kilometres between 1 and ${MAX_DISTANCE_KM}`,
  compostelaInvalid: 'Compostela received must be yes or no',
  compostelaDateWithoutCompostela: 'A Compostela’s date needs Compostela received to be yes',
} as const;

/** Empty text, sent by a cleared field, means "not known" like null. */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const optionalText = (max: number, tooLong: string) =>
  z.preprocess(
    blankAsNull,
    z.string({ error: journeyMessages.textRequired }).trim().max(max, tooLong).nullable().optional(),
  );

const optionalDate = (message: string) =>
  z.preprocess(blankAsNull, calendarDate(message).nullable().optional());

/** "780", 780, "780 km" or 779.6 are all 780; whole kilometres are what the record keeps. */
const distanceField = z.preprocess((value) => {
  const blank = blankAsNull(value);
  if (typeof blank !== 'string') return blank;
  const figure = /^\s*(\d+(?:[.,]\d+)?)\s*(km)?\s*$/i.exec(blank);
  return figure ? Number(figure[1]!.replace(',', '.')) : blank;
}, z
  .number({ error: journeyMessages.distanceInvalid })
  .transform(Math.round)
  .pipe(
    z.number().min(1, journeyMessages.distanceInvalid).max(MAX_DISTANCE_KM, journeyMessages.distanceInvalid),
  )
  .nullable()
  .optional());

/**
 * A change to the record: only the fields sent change, and a field sent empty or null is cleared.
 * Whether the dates lie in the future, and their order, are checked against the whole record.
 */
export const updateJourneyBody = z.object({
  route: optionalText(MAX_ROUTE_LENGTH, journeyMessages.routeTooLong),
  start_place: optionalText(MAX_PLACE_LENGTH, journeyMessages.startPlaceTooLong),
  finish_place: optionalText(MAX_PLACE_LENGTH, journeyMessages.finishPlaceTooLong),
  start_date: optionalDate(journeyMessages.startDateInvalid),
  arrival_date: optionalDate(journeyMessages.arrivalDateInvalid),
  distance_km: distanceField,
  compostela: z.preprocess(
    blankAsNull,
    booleanFromText(z.boolean({ error: journeyMessages.compostelaInvalid }))
      .nullable()
      .optional(),
  ),
  compostela_date: optionalDate(journeyMessages.compostelaDateInvalid),
  walked_with: optionalText(MAX_WALKED_WITH_LENGTH, journeyMessages.walkedWithTooLong),
});
export type UpdateJourneyBody = z.input<typeof updateJourneyBody>;
export type JourneyUpdate = z.output<typeof updateJourneyBody>;

/** The record as stored; every field is null until the pilgrim fills it in. */
export const journeyResponse = z.object({
  route: z.string().nullable(),
  start_place: z.string().nullable(),
  finish_place: z.string().nullable(),
  start_date: z.string().nullable(),
  arrival_date: z.string().nullable(),
  distance_km: z.number().int().nullable(),
  compostela: z.boolean().nullable(),
  compostela_date: z.string().nullable(),
  walked_with: z.string().nullable(),
});
export type Journey = z.infer<typeof journeyResponse>;

/**
 * The rules that hold between the fields, as one message per field at fault; `today` is the date where
 * the pilgrim lives, so the server and the form refuse the same record.
 */
export const journeyProblems = (journey: Journey, today: string) => {
  const problems: Partial<Record<keyof Journey, string>> = {};
  const { start_date: start, arrival_date: arrival, compostela_date: compostelaDate } = journey;
  if (start && start > today) problems.start_date = journeyMessages.startDateInFuture;
  if (arrival && arrival > today) problems.arrival_date = journeyMessages.arrivalDateInFuture;
  else if (start && arrival && arrival < start) problems.arrival_date = journeyMessages.arrivalBeforeStart;
  if (compostelaDate && journey.compostela === false)
    problems.compostela_date = journeyMessages.compostelaDateWithoutCompostela;
  else if (compostelaDate && compostelaDate > today)
    problems.compostela_date = journeyMessages.compostelaDateInFuture;
  else if (compostelaDate && start && compostelaDate < start)
    problems.compostela_date = journeyMessages.compostelaBeforeStart;
  return problems;
};
