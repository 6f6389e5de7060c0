import { randomUUID } from 'node:crypto';
import type { ReminderScheduleResponse } from '#contract/vela.ts';
import type { AppDeps } from '#server/deps.ts';
import { Unauthorized } from '#server/http/errors.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { defineJob } from '#server/jobs/queue.ts';
import { addNotification } from '../notifications/index.ts';
import { planReminders, type ReminderKind } from './reminder-plan.ts';
import * as repository from './repository.ts';

export const REMINDER_JOB = 'vela-reminder';

export interface ReminderJobData {
  userId: string;
  planId: string;
  kind: ReminderKind;
  key: string;
  title: string;
  message: string;
}

type ReminderDeps = Pick<AppDeps, 'db' | 'queue' | 'mailer' | 'config' | 'logger'>;

/**
 * Replaces the user's reminder plan with a new one. The plan id in the table is what counts: a job of an
 * earlier plan that is still queued finds another id and does nothing, and the old jobs are deleted too.
 */
export const scheduleReminders = async (
  deps: ReminderDeps,
  userId: string,
  input: { startDate: string; duration: number; timeZone?: string | undefined },
  now = new Date(),
): Promise<ReminderScheduleResponse> => {
  const pilgrim = await repository.findPilgrim(deps.db, userId);
  if (!pilgrim) throw new Unauthorized();
  const timeZone = input.timeZone ?? pilgrim.timeZone ?? 'UTC';
  const delivered = new Set(await repository.deliveredKeys(deps.db, userId));
  const plan = planReminders({ startDate: input.startDate, duration: input.duration, timeZone, now }).filter(
    (reminder) => !delivered.has(reminder.key),
  );
  const planId = randomUUID();
  const previous = await deps.db.transaction(async (tx) => {
    const old = await repository.findPlan(tx, userId);
    const jobIds: string[] = [];
    for (const reminder of plan) {
      const data: ReminderJobData = {
        userId,
        planId,
        kind: reminder.kind,
        key: reminder.key,
        title: reminder.title,
        message: reminder.message,
      };
      const id = await deps.queue.send(REMINDER_JOB, data, { startAfter: reminder.sendAt }, tx);
      if (id) jobIds.push(id);
    }
    await repository.savePlan(tx, {
      userId,
      planId,
      startDate: input.startDate,
      duration: input.duration,
      timeZone,
      jobIds,
    });
    return old;
  });
  if (previous?.jobIds.length) {
    await deps.queue.boss.deleteJob(REMINDER_JOB, previous.jobIds).catch((error: unknown) => {
      deps.logger.warn(
        { err: error },
        'old reminder jobs were not deleted; they will find a newer plan and stop',
      );
    });
  }
  return {
    time_zone: timeZone,
    reminders: plan.map((reminder) => ({
      kind: reminder.kind,
      title: reminder.title,
      send_at: reminder.sendAt.toISOString(),
    })),
  };
};

const emailText = (data: ReminderJobData, publicUrl: string) =>
  [
    data.message,
    '',
    `Open your Soul Story: ${publicUrl}/soul-story`,
    '',
    `You can turn these emails off in your profile: ${publicUrl}/profile`,
  ].join('\n');

/** Safe to run twice: the delivery row makes the notification once, and the email is marked once sent. */
export const deliverReminder = async (deps: ReminderDeps, data: ReminderJobData) => {
  const plan = await repository.findPlan(deps.db, data.userId);
  if (!plan || plan.planId !== data.planId) return;
  const pilgrim = await repository.findPilgrim(deps.db, data.userId);
  if (!pilgrim) return;
  await deps.db.transaction(async (tx) => {
    if (await repository.claimDelivery(tx, data.userId, data.key))
      await addNotification(tx, {
        userId: data.userId,
        title: data.title,
        message: data.message,
        link: '/soul-story',
      });
  });
  if (!pilgrim.reminderEmails) return;
  const delivery = await repository.findDelivery(deps.db, data.userId, data.key);
  if (delivery?.emailedAt) return;
  const publicUrl = deps.config.PUBLIC_URL.replace(/\/+$/, '');
  await deps.mailer.send({
    to: pilgrim.email,
    subject: data.title,
    text: emailText(data, publicUrl),
    html: `<p>${escapeHtml(data.message)}</p><p><a href="${publicUrl}/soul-story">Open your Soul Story</a></p><p style="color:#666">You can turn these emails off in <a href="${publicUrl}/profile">your profile</a>.</p>`,
  });
  await repository.markEmailed(deps.db, data.userId, data.key);
};

export const reminderJobs = (deps: ReminderDeps) => [
  defineJob<ReminderJobData>({
    name: REMINDER_JOB,
    queue: { retryLimit: 5, retryDelay: 60, retryBackoff: true, retentionSeconds: 30 * 86_400 },
    handle: (data) => deliverReminder(deps, data),
  }),
];
