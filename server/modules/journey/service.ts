import {
  caminoDurationFor,
  daysWalked,
  findRoute,
  type Journey,
  type JourneyUpdate,
  journeyProblems,
} from '#contract/journey.ts';
import { snakeCased } from '#contract/snake-case.ts';
import type { AppDeps } from '#server/deps.ts';
import { Invalid, Unauthorized } from '#server/http/errors.ts';
import { todayIn } from '#server/identity/time-zone.ts';
import { findUserById, updateUserDetails } from '#server/identity/users.ts';
import { findJourney, type JourneyFields, type JourneyRow, saveJourney } from './repository.ts';

export interface JourneyDeps extends Pick<AppDeps, 'db' | 'logger'> {
  /** Told once a change to the record is stored, so what is made from it (the keepsake's cards) follows. */
  onJourneyChanged?: (userId: string) => Promise<void> | void;
}

/** The Camino record as the keepsake reads it; null when the pilgrim has written nothing yet. */
export type JourneySummary = JourneyFields;

const emptyJourney: JourneyFields = {
  route: null,
  startPlace: null,
  finishPlace: null,
  startDate: null,
  arrivalDate: null,
  distanceKm: null,
  compostela: null,
  compostelaDate: null,
  walkedWith: null,
};

const fieldsOf = ({ userId: _userId, updatedAt: _updatedAt, ...fields }: JourneyRow): JourneyFields => fields;

const present = (fields: JourneyFields): Journey => snakeCased(fields);

const sentOr = <Value>(sent: Value | undefined, kept: Value) => (sent === undefined ? kept : sent);

/**
 * The record after a change: fields not sent stay. A Compostela's date implies it was received, and
 * saying it was not (or clearing it) clears its date. A listed route is kept in its own spelling.
 */
const merged = (current: JourneyFields, update: JourneyUpdate): JourneyFields => {
  const route = sentOr(update.route, current.route);
  const compostela = sentOr(update.compostela, update.compostela_date ? true : current.compostela);
  const compostelaCleared = update.compostela === false || update.compostela === null;
  return {
    route: route ? (findRoute(route)?.name ?? route) : null,
    startPlace: sentOr(update.start_place, current.startPlace),
    finishPlace: sentOr(update.finish_place, current.finishPlace),
    startDate: sentOr(update.start_date, current.startDate),
    arrivalDate: sentOr(update.arrival_date, current.arrivalDate),
    distanceKm: sentOr(update.distance_km, current.distanceKm),
    compostela,
    compostelaDate: sentOr(update.compostela_date, compostelaCleared ? null : current.compostelaDate),
    walkedWith: sentOr(update.walked_with, current.walkedWith),
  };
};

/** The profile's camino_duration that the record's two dates give, when both are known. */
const durationOf = (journey: JourneyFields) =>
  journey.startDate && journey.arrivalDate
    ? caminoDurationFor(daysWalked(journey.startDate, journey.arrivalDate))
    : undefined;

export const createJourneyService = (deps: JourneyDeps) => {
  const requireUser = async (userId: string) => {
    const user = await findUserById(deps.db, userId);
    if (!user) throw new Unauthorized();
    return user;
  };

  /** A failed follow-up (a card not re-rendered) must not undo or refuse the pilgrim's saved record. */
  const announceChange = async (userId: string) => {
    try {
      await deps.onJourneyChanged?.(userId);
    } catch (error) {
      deps.logger.warn({ err: error, userId }, 'journey change could not be passed on');
    }
  };

  /** The record as the API answers it, for an account known to exist (the data export has its row). */
  const journeyOf = async (userId: string) => {
    const row = await findJourney(deps.db, userId);
    return present(row ? fieldsOf(row) : emptyJourney);
  };

  const getJourney = async (userId: string) => {
    await requireUser(userId);
    return journeyOf(userId);
  };

  /**
   * Merges the fields sent and checks the whole record against today where the pilgrim lives. Its
   * dates then become the profile's: camino_start_date is the start date, and camino_duration
   * follows from both dates. A cleared date leaves the profile's as it was.
   */
  const updateJourney = async (userId: string, update: JourneyUpdate) => {
    const user = await requireUser(userId);
    const current = await findJourney(deps.db, userId);
    const next = merged(current ? fieldsOf(current) : emptyJourney, update);
    const [problem] = Object.entries(journeyProblems(present(next), todayIn(user.timeZone)));
    if (problem) throw new Invalid(problem[1], problem[0]);
    const duration = durationOf(next);
    const saved = await deps.db.transaction(async (tx) => {
      const row = await saveJourney(tx, userId, next);
      if (next.startDate)
        await updateUserDetails(tx, userId, {
          caminoStartDate: next.startDate,
          ...(duration ? { caminoDuration: duration } : {}),
        });
      return row;
    });
    await announceChange(userId);
    return present(fieldsOf(saved));
  };

  /**
   * The profile's start date changed (the chat's onboarding, the journey settings): the record's
   * start date follows it. An arrival or Compostela date that would now lie before the start is
   * cleared, since the record cannot hold it. Answers the camino_duration the record's dates then
   * give, for the profile to store unless its client chose one.
   */
  const followProfileStartDate = async (userId: string, startDate: string | null) => {
    const current = await findJourney(deps.db, userId);
    if ((current?.startDate ?? null) === startDate)
      return current ? durationOf(fieldsOf(current)) : undefined;
    const next = { ...(current ? fieldsOf(current) : emptyJourney), startDate };
    if (startDate && next.arrivalDate && next.arrivalDate < startDate) next.arrivalDate = null;
    if (startDate && next.compostelaDate && next.compostelaDate < startDate) next.compostelaDate = null;
    await saveJourney(deps.db, userId, next);
    await announceChange(userId);
    return durationOf(next);
  };

  /** The record for the keepsake's opening and closing cards, or null when nothing is filled in. */
  const journeySummary = async (userId: string): Promise<JourneySummary | null> => {
    const row = await findJourney(deps.db, userId);
    if (!row) return null;
    const fields = fieldsOf(row);
    return Object.values(fields).some((value) => value !== null) ? fields : null;
  };

  return { getJourney, journeyOf, updateJourney, followProfileStartDate, journeySummary };
};

export type JourneyService = ReturnType<typeof createJourneyService>;
