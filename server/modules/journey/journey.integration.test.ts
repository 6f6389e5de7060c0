import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyMessages } from '#contract/journey.ts';
import { profileMessages } from '#contract/profile.ts';
import { todayIn } from '#server/identity/time-zone.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createUser } from '#test/users.ts';
import { createJourneyService } from './index.ts';

const emptyRecord = {
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

const anasCamino = {
  route: 'Camino Francés',
  start_place: 'Saint-Jean-Pied-de-Port',
  finish_place: 'Santiago de Compostela',
  start_date: '2025-09-12',
  arrival_date: '2025-10-14',
  distance_km: 780,
  compostela: true,
  compostela_date: '2025-10-14',
  walked_with: 'My sister Lucía, and Tom from Cork after Burgos',
};

describe(`the Camino record on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const getJourney = (headers: Record<string, string>) =>
    testApp.app.inject({ method: 'GET', url: '/api/journey/', headers });
  const putJourney = (headers: Record<string, string>, payload?: unknown) =>
    testApp.app.inject({
      method: 'PUT',
      url: '/api/journey/',
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const getProfile = async (headers: Record<string, string>) =>
    (await testApp.app.inject({ method: 'GET', url: '/api/profile/', headers })).json();
  const putProfile = (headers: Record<string, string>, payload: object) =>
    testApp.app.inject({ method: 'PUT', url: '/api/profile/', headers, payload });

  it('answers a new pilgrim with an empty record, and only a signed-in one', async () => {
    const pilgrim = await createUser(testApp);
    const response = await getJourney(pilgrim.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(emptyRecord);
    expect((await getJourney({})).statusCode).toBe(401);
    expect((await putJourney({}, anasCamino)).statusCode).toBe(401);
  });

  it('keeps the whole record, and its dates become the profile’s start date and duration', async () => {
    const pilgrim = await createUser(testApp);
    const saved = await putJourney(pilgrim.headers, anasCamino);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(anasCamino);
    expect((await getJourney(pilgrim.headers)).json()).toEqual(anasCamino);
    // 12 September to 14 October is 33 days: the profile's "More than 30 days".
    expect(await getProfile(pilgrim.headers)).toMatchObject({
      camino_start_date: '2025-09-12',
      camino_duration: 45,
    });

    const shorter = await putJourney(pilgrim.headers, { start_date: '2025-10-08', route: 'camino frances' });
    expect(shorter.json()).toMatchObject({ route: 'Camino Francés', start_date: '2025-10-08' });
    expect(await getProfile(pilgrim.headers)).toMatchObject({
      camino_start_date: '2025-10-08',
      camino_duration: 7,
    });
  });

  it('changes only the fields sent, clears those sent empty, and takes an empty body as no change', async () => {
    const pilgrim = await createUser(testApp);
    await putJourney(pilgrim.headers, anasCamino);
    const company = await putJourney(pilgrim.headers, { walked_with: 'Alone, mostly' });
    expect(company.json()).toEqual({ ...anasCamino, walked_with: 'Alone, mostly' });

    for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'text/plain' }, {}]) {
      const unchanged = await testApp.app.inject({
        method: 'PUT',
        url: '/api/journey/',
        headers: { ...pilgrim.headers, ...headers },
        payload: '',
      });
      expect(unchanged.statusCode, JSON.stringify(headers)).toBe(200);
      expect(unchanged.json().walked_with).toBe('Alone, mostly');
    }

    const cleared = await putJourney(pilgrim.headers, {
      walked_with: '',
      finish_place: '   ',
      distance_km: null,
      compostela: false,
    });
    expect(cleared.json()).toEqual({
      ...anasCamino,
      walked_with: null,
      finish_place: null,
      distance_km: null,
      compostela: false,
      compostela_date: null,
    });
  });

  it.each([
    [{ start_date: '2999-01-01' }, 'start_date', journeyMessages.startDateInFuture],
    [{ arrival_date: '2999-01-01' }, 'arrival_date', journeyMessages.arrivalDateInFuture],
    [
      { start_date: '2025-09-12', arrival_date: '2025-09-11' },
      'arrival_date',
      journeyMessages.arrivalBeforeStart,
    ],
    [{ start_date: '12/09/2025' }, 'start_date', journeyMessages.startDateInvalid],
    [{ arrival_date: 'last autumn' }, 'arrival_date', journeyMessages.arrivalDateInvalid],
    [{ compostela_date: '2999-01-01' }, 'compostela_date', journeyMessages.compostelaDateInFuture],
    [
      { start_date: '2025-09-12', compostela_date: '2025-09-01' },
      'compostela_date',
      journeyMessages.compostelaBeforeStart,
    ],
    [
      { compostela: false, compostela_date: '2025-09-01' },
      'compostela_date',
      journeyMessages.compostelaDateWithoutCompostela,
    ],
    [{ distance_km: 'far' }, 'distance_km', journeyMessages.distanceInvalid],
    [{ distance_km: 0 }, 'distance_km', journeyMessages.distanceInvalid],
    [{ distance_km: -5 }, 'distance_km', journeyMessages.distanceInvalid],
    [{ distance_km: 20_000 }, 'distance_km', journeyMessages.distanceInvalid],
    [{ compostela: 'maybe' }, 'compostela', journeyMessages.compostelaInvalid],
    [{ route: 'x'.repeat(101) }, 'route', journeyMessages.routeTooLong],
    [{ start_place: 'x'.repeat(101) }, 'start_place', journeyMessages.startPlaceTooLong],
    [{ walked_with: 'x'.repeat(501) }, 'walked_with', journeyMessages.walkedWithTooLong],
    [{ walked_with: 12 }, 'walked_with', journeyMessages.textRequired],
  ])('refuses %j naming the field, and keeps the record as it was', async (payload, field, message) => {
    const pilgrim = await createUser(testApp);
    const response = await putJourney(pilgrim.headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, error: message });
    expect((await getJourney(pilgrim.headers)).json()).toEqual(emptyRecord);
  });

  it('checks an arrival against the start already stored', async () => {
    const pilgrim = await createUser(testApp);
    await putJourney(pilgrim.headers, { start_date: '2025-09-12' });
    const response = await putJourney(pilgrim.headers, { arrival_date: '2025-09-01' });
    expect(response.json()).toMatchObject({
      field: 'arrival_date',
      error: journeyMessages.arrivalBeforeStart,
    });
  });

  it('judges “today” where the pilgrim lives', async () => {
    // Kiritimati's date is always a day or more ahead of Pago Pago's.
    const aheadToday = todayIn('Pacific/Kiritimati');
    const ahead = await createUser(testApp, { timeZone: 'Pacific/Kiritimati' });
    expect((await putJourney(ahead.headers, { start_date: aheadToday })).statusCode).toBe(200);
    const behind = await createUser(testApp, { timeZone: 'Pacific/Pago_Pago' });
    const refused = await putJourney(behind.headers, { start_date: aheadToday });
    expect(refused.json()).toMatchObject({ field: 'start_date', error: journeyMessages.startDateInFuture });
  });

  it('reads numbers, yes and no, dates and forms as other clients write them', async () => {
    const pilgrim = await createUser(testApp);
    const response = await putJourney(pilgrim.headers, {
      route: '  Vía de la Plata ',
      start_date: '2025-04-02T08:30:00.000Z',
      arrival_date: '2025-05-20',
      distance_km: '1000 km',
      compostela: 'yes',
      role: 'admin',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...emptyRecord,
      route: 'Vía de la Plata',
      start_date: '2025-04-02',
      arrival_date: '2025-05-20',
      distance_km: 1000,
      compostela: true,
    });

    const form = await testApp.app.inject({
      method: 'PUT',
      url: '/api/journey/',
      headers: { ...pilgrim.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'distance_km=979.6&compostela_date=2025-05-20&route=My+own+way+from+home',
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({
      route: 'My own way from home',
      distance_km: 980,
      compostela: true,
      compostela_date: '2025-05-20',
    });

    const asText = await testApp.app.inject({
      method: 'PUT',
      url: '/api/journey/',
      headers: { ...pilgrim.headers, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ compostela: 'no' }),
    });
    expect(asText.json()).toMatchObject({ compostela: false, compostela_date: null });
  });

  describe('with the profile’s start date and duration', () => {
    it('moves the record’s start with the profile’s, clearing an arrival that would come before it', async () => {
      const pilgrim = await createUser(testApp);
      await putJourney(pilgrim.headers, anasCamino);

      const earlier = await putProfile(pilgrim.headers, { camino_start_date: '2025-09-20' });
      expect(earlier.statusCode).toBe(200);
      // 20 September to 14 October is 25 days: the duration follows the record's dates.
      expect(earlier.json()).toMatchObject({ camino_start_date: '2025-09-20', camino_duration: 30 });
      expect((await getJourney(pilgrim.headers)).json()).toEqual({ ...anasCamino, start_date: '2025-09-20' });

      const chosen = await putProfile(pilgrim.headers, {
        camino_start_date: '2025-09-21',
        camino_duration: 21,
      });
      expect(chosen.json()).toMatchObject({ camino_start_date: '2025-09-21', camino_duration: 21 });

      await putProfile(pilgrim.headers, { camino_start_date: '2025-11-01' });
      expect((await getJourney(pilgrim.headers)).json()).toEqual({
        ...anasCamino,
        start_date: '2025-11-01',
        arrival_date: null,
        compostela_date: null,
      });
    });

    it('starts a record from the chat’s start date, and leaves it alone when the profile changes other things', async () => {
      const pilgrim = await createUser(testApp);
      await putProfile(pilgrim.headers, {
        vibe: 'Agnostic',
        camino_start_date: '2025-06-01',
        camino_duration: 14,
      });
      expect((await getJourney(pilgrim.headers)).json()).toEqual({
        ...emptyRecord,
        start_date: '2025-06-01',
      });
      expect(await getProfile(pilgrim.headers)).toMatchObject({ camino_duration: 14 });

      await putProfile(pilgrim.headers, { bio: 'Buen Camino' });
      expect((await getJourney(pilgrim.headers)).json()).toEqual({
        ...emptyRecord,
        start_date: '2025-06-01',
      });
    });

    it('refuses a start date in the future on the profile without touching the record', async () => {
      const pilgrim = await createUser(testApp);
      await putJourney(pilgrim.headers, anasCamino);
      const refused = await putProfile(pilgrim.headers, { camino_start_date: '2999-01-01' });
      expect(refused.json()).toMatchObject({ error: profileMessages.startDateInFuture });
      expect((await getJourney(pilgrim.headers)).json()).toEqual(anasCamino);
    });
  });

  it('sums the record up for the keepsake and tells of each saved change', async () => {
    const changed: string[] = [];
    const journey = createJourneyService({
      ...testApp.deps,
      onJourneyChanged: (userId) => {
        changed.push(userId);
      },
    });
    const pilgrim = await createUser(testApp);
    expect(await journey.journeySummary(pilgrim.id)).toBeNull();

    await expect(journey.updateJourney(pilgrim.id, { start_date: '2999-01-01' })).rejects.toThrow(
      journeyMessages.startDateInFuture,
    );
    expect(changed).toEqual([]);

    await journey.updateJourney(pilgrim.id, {
      route: 'Camino Primitivo',
      start_place: 'Oviedo',
      distance_km: 320,
    });
    expect(changed).toEqual([pilgrim.id]);
    expect(await journey.journeySummary(pilgrim.id)).toEqual({
      route: 'Camino Primitivo',
      startPlace: 'Oviedo',
      finishPlace: null,
      startDate: null,
      arrivalDate: null,
      distanceKm: 320,
      compostela: null,
      compostelaDate: null,
      walkedWith: null,
    });

    await journey.updateJourney(pilgrim.id, { route: null, start_place: null, distance_km: null });
    expect(await journey.journeySummary(pilgrim.id)).toBeNull();
  });
});
