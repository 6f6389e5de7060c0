import {
  caminoRoutes,
  findRoute,
  type Journey,
  journeyMessages,
  journeyProblems,
  MAX_DISTANCE_KM,
  type UpdateJourneyBody,
} from '#contract/journey.ts';
import { isIsoDate } from '#web/shared/dates.ts';

/** The route list's last choice, which opens a field for the route's own name. */
export const OTHER_ROUTE = 'Other';

export const routeChoices = [...caminoRoutes.map((route) => route.name), OTHER_ROUTE];

/** The dialog's fields, named as the API names them so the server's `field` lands on the right one. */
export interface JourneyFormValues {
  route: string;
  route_other: string;
  start_place: string;
  finish_place: string;
  start_date: string;
  arrival_date: string;
  distance_km: number | string;
  compostela: boolean;
  compostela_date: string;
  walked_with: string;
}

export const formValuesOf = (journey: Journey): JourneyFormValues => {
  const listed = journey.route ? findRoute(journey.route) : undefined;
  return {
    route: listed ? listed.name : journey.route ? OTHER_ROUTE : '',
    route_other: listed ? '' : (journey.route ?? ''),
    start_place: journey.start_place ?? '',
    finish_place: journey.finish_place ?? '',
    start_date: journey.start_date ?? '',
    arrival_date: journey.arrival_date ?? '',
    distance_km: journey.distance_km ?? '',
    compostela: journey.compostela ?? false,
    compostela_date: journey.compostela_date ?? '',
    walked_with: journey.walked_with ?? '',
  };
};

const textOrNull = (value: string) => value.trim() || null;

/** The whole record as the dialog holds it; an empty field is sent as null, which clears it. */
export const bodyOf = (values: JourneyFormValues) =>
  ({
    route: textOrNull(values.route === OTHER_ROUTE ? values.route_other : values.route),
    start_place: textOrNull(values.start_place),
    finish_place: textOrNull(values.finish_place),
    start_date: values.start_date || null,
    arrival_date: values.arrival_date || null,
    distance_km: values.distance_km === '' ? null : Number(values.distance_km),
    compostela: values.compostela,
    compostela_date: values.compostela ? values.compostela_date || null : null,
    walked_with: textOrNull(values.walked_with),
  }) satisfies UpdateJourneyBody;

const dateFields = {
  start_date: journeyMessages.startDateInvalid,
  arrival_date: journeyMessages.arrivalDateInvalid,
  compostela_date: journeyMessages.compostelaDateInvalid,
} as const;

/** The server's rules, checked before sending against today in the browser's own calendar. */
export const validateJourneyForm = (values: JourneyFormValues, today: string) => {
  const body = bodyOf(values);
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(dateFields)) {
    const value = body[field as keyof typeof dateFields];
    if (value && !isIsoDate(value)) errors[field] = message;
  }
  const distance = body.distance_km;
  if (distance !== null && !(Number.isFinite(distance) && distance >= 1 && distance <= MAX_DISTANCE_KM))
    errors.distance_km = journeyMessages.distanceInvalid;
  return { ...journeyProblems({ ...body, distance_km: null }, today), ...errors };
};
