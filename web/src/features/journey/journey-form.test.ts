import { describe, expect, it } from 'vitest';
import { type Journey, journeyMessages } from '#contract/journey.ts';
import { bodyOf, formValuesOf, OTHER_ROUTE, validateJourneyForm } from './journey-form.ts';

const empty: Journey = {
  route: null,
  start_place: null,
  finish_place: null,
  start_date: null,
  arrival_date: null,
  distance_km: null,
  compostela: null,
  compostela_date: null,
  walked_with: null,
};

describe('the Camino record’s form', () => {
  it('sends an untouched empty record as nulls, the Compostela as not received', () => {
    expect(bodyOf(formValuesOf(empty))).toEqual({ ...empty, compostela: false });
  });

  it('keeps a route of the pilgrim’s own under “Other”, and a listed one in the list', () => {
    const own = formValuesOf({ ...empty, route: 'From my front door in Utrecht' });
    expect(own).toMatchObject({ route: OTHER_ROUTE, route_other: 'From my front door in Utrecht' });
    expect(bodyOf(own).route).toBe('From my front door in Utrecht');
    expect(formValuesOf({ ...empty, route: 'camino primitivo' })).toMatchObject({
      route: 'Camino Primitivo',
      route_other: '',
    });
  });

  it('drops the Compostela’s date when it was not received', () => {
    const values = { ...formValuesOf(empty), compostela: false, compostela_date: '2025-10-14' };
    expect(bodyOf(values)).toMatchObject({ compostela: false, compostela_date: null });
  });

  it('refuses what the server would, naming each field', () => {
    const values = {
      ...formValuesOf(empty),
      start_date: '2025-09-12',
      arrival_date: '2025-09-01',
      compostela: true,
      compostela_date: '2025-11-02',
      distance_km: 0,
    };
    expect(validateJourneyForm(values, '2025-11-01')).toEqual({
      arrival_date: journeyMessages.arrivalBeforeStart,
      compostela_date: journeyMessages.compostelaDateInFuture,
      distance_km: journeyMessages.distanceInvalid,
    });
    expect(
      validateJourneyForm(
        { ...values, arrival_date: '2025-10-14', compostela_date: '', distance_km: 780 },
        '2025-11-01',
      ),
    ).toEqual({});
  });
});
