import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '#server/jobs/queue.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { caminoProfile, createUser } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';
import { notifications } from '../notifications/tables.ts';
import { REMINDER_JOB, type ReminderJobData, reminderJobs } from './reminders.ts';
import { reminderDeliveries } from './tables.ts';

const DAY_MS = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

describe(`reminders on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // A web process: the jobs wait in the queue until a test starts the workers.
    testApp = await createTestApp({ RUN_MODE: 'web' });
  });
  afterAll(() => testApp.close());

  /** The jobs waiting in the queue for one user, as pg-boss stores them. */
  const queuedFor = async (userId: string) => {
    const jobs = await testApp.deps.queue.boss.findJobs<ReminderJobData>(REMINDER_JOB, { data: { userId } });
    return jobs
      .filter((job) => job.state === 'created')
      .map((job) => ({
        kind: job.data.kind,
        at: new Date(job.startAfter).toISOString(),
        planId: job.data.planId,
      }))
      .sort((a, b) => a.at.localeCompare(b.at));
  };

  const schedule = (headers: { authorization: string }, payload: Record<string, unknown>) =>
    testApp.app.inject({ method: 'POST', url: '/api/reminder/schedule/', headers, payload });

  it('plans the four prompts and three nudges at 9:00 in the pilgrim’s zone', async () => {
    const pilgrim = await createUser(testApp, caminoProfile);
    const response = await schedule(pilgrim.headers, {
      startDate: '2030-07-01',
      duration: 45,
      timeZone: 'Europe/Madrid',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().time_zone).toBe('Europe/Madrid');
    const queued = await queuedFor(pilgrim.id);
    expect(queued.map((job) => [job.kind, job.at])).toEqual([
      ['call', '2030-07-01T07:00:00.000Z'],
      ['suffering', '2030-07-16T07:00:00.000Z'],
      ['joy', '2030-07-30T07:00:00.000Z'],
      ['what_found_you', '2030-08-14T07:00:00.000Z'],
      ['nudge-30', '2030-09-13T07:00:00.000Z'],
      ['nudge-90', '2030-11-12T08:00:00.000Z'],
      ['nudge-365', '2031-08-14T07:00:00.000Z'],
    ]);
  });

  it('uses the profile’s zone, else UTC, when the browser sends none', async () => {
    const pilgrim = await createUser(testApp, { ...caminoProfile, timeZone: 'America/New_York' });
    await schedule(pilgrim.headers, { startDate: '2030-01-10', duration: 7 });
    expect((await queuedFor(pilgrim.id))[0]).toMatchObject({ kind: 'call', at: '2030-01-10T14:00:00.000Z' });
    const utc = await createUser(testApp, caminoProfile);
    await schedule(utc.headers, { startDate: '2030-01-10', duration: 7 });
    expect((await queuedFor(utc.id))[0]).toMatchObject({ kind: 'call', at: '2030-01-10T09:00:00.000Z' });
  });

  it('replaces the earlier plan when scheduling again, and is idempotent', async () => {
    const pilgrim = await createUser(testApp, caminoProfile);
    await schedule(pilgrim.headers, { startDate: '2030-07-01', duration: 14, timeZone: 'UTC' });
    const first = await queuedFor(pilgrim.id);
    await schedule(pilgrim.headers, { startDate: '2030-08-01', duration: 7, timeZone: 'UTC' });
    const second = await queuedFor(pilgrim.id);
    expect(second).toHaveLength(7);
    expect(second[0]).toMatchObject({ kind: 'call', at: '2030-08-01T09:00:00.000Z' });
    expect(new Set(second.map((job) => job.planId)).size).toBe(1);
    expect(second[0]!.planId).not.toBe(first[0]!.planId);
    await schedule(pilgrim.headers, { startDate: '2030-08-01', duration: 7, timeZone: 'UTC' });
    const third = await queuedFor(pilgrim.id);
    expect(third.map(({ kind, at }) => [kind, at])).toEqual(second.map(({ kind, at }) => [kind, at]));
  });

  it('rejects a bad date, duration or zone with a clear error', async () => {
    const pilgrim = await createUser(testApp, caminoProfile);
    const badDate = await schedule(pilgrim.headers, { startDate: 'soon', duration: 7 });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error).toBe('startDate must be a date such as 2026-05-01');
    const badDuration = await schedule(pilgrim.headers, { startDate: '2030-01-01', duration: 0 });
    expect(badDuration.json().error).toBe('duration must be a whole number of days from 1 to 365');
    const badZone = await schedule(pilgrim.headers, {
      startDate: '2030-01-01',
      duration: 7,
      timeZone: 'Moon/Base',
    });
    expect(badZone.json().error).toBe('Please choose a valid time zone');
  });

  it('sends past-due prompts at once: a notification and an email linking to /soul-story', async () => {
    const pilgrim = await createUser(testApp, caminoProfile);
    const startDate = isoDate(Date.now() - 20 * DAY_MS);
    const before = Date.now();
    await schedule(pilgrim.headers, { startDate, duration: 7, timeZone: 'UTC' });
    const queued = await queuedFor(pilgrim.id);
    const dueNow = queued.filter((job) => Date.parse(job.at) <= Date.now());
    expect(dueNow.map((job) => job.kind).sort()).toEqual(['call', 'joy', 'suffering', 'what_found_you']);
    for (const job of dueNow) expect(Date.parse(job.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(queued.filter((job) => job.kind.startsWith('nudge'))).toHaveLength(3);

    await testApp.deps.queue.startWorkers();
    const rows = await waitFor(
      () => testApp.deps.db.select().from(notifications).where(eq(notifications.userId, pilgrim.id)),
      (found) => found.length === 4,
    );
    expect(rows.map((row) => row.title).sort()).toEqual([
      'The Call: your Soul Story prompt',
      'The Joy: your Soul Story prompt',
      'The Suffering: your Soul Story prompt',
      'What Found You: your Soul Story prompt',
    ]);
    expect(rows.every((row) => row.link === '/soul-story')).toBe(true);
    const mail = await waitFor(
      async () => (await testApp.outbox()).filter((message) => message.to === pilgrim.email),
      (found) => found.length === 4,
    );
    expect(mail[0]!.text).toContain('http://localhost:3000/soul-story');

    await schedule(pilgrim.headers, { startDate, duration: 7, timeZone: 'UTC' });
    const again = await queuedFor(pilgrim.id);
    expect(again.map((job) => job.kind)).toEqual(['nudge-30', 'nudge-90', 'nudge-365']);
  });

  it('respects reminder emails turned off', async () => {
    const pilgrim = await createUser(testApp, { ...caminoProfile, reminderEmails: false });
    await schedule(pilgrim.headers, {
      startDate: isoDate(Date.now() - 2 * DAY_MS),
      duration: 30,
      timeZone: 'UTC',
    });
    await testApp.deps.queue.startWorkers();
    await waitFor(
      () =>
        testApp.deps.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, pilgrim.id)),
      (found) => found.length === 1,
    );
    const [notification] = await testApp.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, pilgrim.id));
    expect(notification?.title).toBe('The Call: your Soul Story prompt');
    expect((await testApp.outbox()).filter((message) => message.to === pilgrim.email)).toEqual([]);
  });

  it('keeps the plan across a restart of the queue, and the new process delivers it', async () => {
    // The process that is about to stop takes no more reminders (an earlier test started its
    // workers): the one already due is left for the new process, as it would be mid-shutdown.
    await testApp.deps.queue.boss.offWork(REMINDER_JOB, { wait: true });
    const pilgrim = await createUser(testApp, caminoProfile);
    await schedule(pilgrim.headers, {
      startDate: isoDate(Date.now() - DAY_MS),
      duration: 21,
      timeZone: 'UTC',
    });
    const planned = await queuedFor(pilgrim.id);
    await testApp.deps.queue.stop();

    const restarted = await createJobQueue({
      database: testApp.deps.database,
      logger: pino({ level: 'silent' }),
      runsWorkers: true,
      pollingIntervalSeconds: 0.5,
    });
    try {
      const jobs = await restarted.boss.findJobs<ReminderJobData>(REMINDER_JOB, {
        data: { userId: pilgrim.id },
      });
      const pending = jobs.filter((job) => job.state !== 'completed');
      expect(pending.map((job) => new Date(job.startAfter).toISOString()).sort()).toEqual(
        planned.map((job) => job.at),
      );
      await restarted.register(reminderJobs({ ...testApp.deps, queue: restarted }));
      await restarted.startWorkers();
      const delivered = await waitFor(
        () => testApp.deps.db.select().from(notifications).where(eq(notifications.userId, pilgrim.id)),
        (found) => found.length >= 1,
      );
      expect(delivered.map((row) => row.title)).toEqual(['The Call: your Soul Story prompt']);
    } finally {
      await restarted.stop();
    }
  });
});
