import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileMessages } from '#contract/profile.ts';
import { users } from '#server/identity/tables.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { signUp } from '#test/users.ts';

describe(`the worldview kept only with consent on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const as = (access: string) => ({ authorization: `Bearer ${access}` });
  const pilgrim = async () => {
    const { access } = await signUp(testApp);
    const { userId } = (await testApp.deps.tokens.verify(access))!;
    return { access, userId };
  };
  const putProfile = (access: string, payload: object) =>
    testApp.app.inject({ method: 'PUT', url: '/api/profile/', headers: as(access), payload });
  const withdraw = (access: string) =>
    testApp.app.inject({ method: 'DELETE', url: '/api/profile/vibe/', headers: as(access) });
  const stored = async (userId: string) => {
    const [row] = await testApp.deps.db
      .select({ vibe: users.vibe, consentAt: users.vibeConsentAt })
      .from(users)
      .where(eq(users.id, userId));
    return row!;
  };

  it('stores the vibe a spec client sends, as the spec says, without recorded consent', async () => {
    const { access, userId } = await pilgrim();
    const response = await putProfile(access, {
      vibe: 'Faith-based',
      camino_start_date: '2026-05-01',
      camino_duration: 30,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ vibe: 'Faith-based', vibe_consent_at: null });
    expect(await stored(userId)).toEqual({ vibe: 'Faith-based', consentAt: null });
  });

  it('records when consent was given with the vibe, and when it was given later for a stored vibe', async () => {
    const { access, userId } = await pilgrim();
    const before = Date.now();
    const response = await putProfile(access, { vibe: 'Agnostic', vibe_consent: true });
    expect(response.statusCode).toBe(200);
    const { consentAt } = await stored(userId);
    expect(consentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(consentAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(response.json().vibe_consent_at).toBe(consentAt!.toISOString());

    const other = await pilgrim();
    await putProfile(other.access, { vibe: 'Atheist' });
    const confirmed = await putProfile(other.access, { vibe_consent: 'yes' });
    expect(confirmed.json()).toMatchObject({ vibe: 'Atheist', vibe_consent_at: expect.any(String) });
    expect((await stored(other.userId)).consentAt).not.toBeNull();
  });

  it('keeps consent for the same vibe sent again, and drops it for a new vibe sent without consent', async () => {
    const { access, userId } = await pilgrim();
    await putProfile(access, { vibe: 'Agnostic', vibe_consent: true });
    const given = (await stored(userId)).consentAt;
    await putProfile(access, { vibe: 'Agnostic', camino_duration: 14 });
    expect(await stored(userId)).toEqual({ vibe: 'Agnostic', consentAt: given });
    await putProfile(access, { vibe: 'Atheist' });
    expect(await stored(userId)).toEqual({ vibe: 'Atheist', consentAt: null });
  });

  it('records no consent when there is no vibe to keep, and refuses a consent that is not true', async () => {
    const { access, userId } = await pilgrim();
    expect((await putProfile(access, { vibe_consent: true })).json().vibe_consent_at).toBeNull();
    expect(await stored(userId)).toEqual({ vibe: null, consentAt: null });
    const refused = await putProfile(access, { vibe: 'Agnostic', vibe_consent: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(profileMessages.vibeConsentOnlyTrue);
    expect(await stored(userId)).toEqual({ vibe: null, consentAt: null });
  });

  it('erases the vibe and its consent on withdrawal or decline, leaving the rest of the journey', async () => {
    const { access, userId } = await pilgrim();
    await putProfile(access, { vibe: 'Faith-based', vibe_consent: true, camino_duration: 21 });
    const response = await withdraw(access);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ vibe: null, vibe_consent_at: null, camino_duration: 21 });
    expect(await stored(userId)).toEqual({ vibe: null, consentAt: null });

    const declined = await pilgrim();
    await putProfile(declined.access, { vibe: 'Atheist' });
    await withdraw(declined.access);
    expect(await stored(declined.userId)).toEqual({ vibe: null, consentAt: null });
    expect((await withdraw(declined.access)).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'DELETE', url: '/api/profile/vibe/' })).statusCode).toBe(401);
  });

  it('answers a chat with a vibe used for the session only, without storing it', async () => {
    const { access, userId } = await pilgrim();
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: as(access),
      payload: { vibe: 'Faith-based', inputs: 'The cathedral bells stayed with me.' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()[0].generated_text).toMatch(/[.!?]$/);
    expect(await stored(userId)).toEqual({ vibe: null, consentAt: null });
  });
});
