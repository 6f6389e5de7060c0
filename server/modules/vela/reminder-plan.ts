import { type PromptId, prompts } from '#contract/prompts.ts';

export const REMINDER_HOUR = 9;
export const NUDGE_DAYS = [30, 90, 365] as const;

export type ReminderKind = PromptId | `nudge-${(typeof NUDGE_DAYS)[number]}`;

export interface PlannedReminder {
  kind: ReminderKind;
  /** Names the reminder within one pilgrimage, so it reaches the pilgrim once however often the plan is made. */
  key: string;
  sendAt: Date;
  title: string;
  message: string;
}

const DAY_MS = 86_400_000;

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** How far the zone's wall clock is ahead of UTC at this instant. */
const zoneOffsetMs = (timeZone: string, instant: number) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((entry) => entry.type === type)?.value);
  const wallClock = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClock - Math.floor(instant / 1000) * 1000;
};

/** The instant the clocks of a time zone show `hour`:00 on a date; the second pass settles DST changes. */
export const localTime = (isoDate: string, hour: number, timeZone: string): Date => {
  const asUtc = Date.parse(`${isoDate}T${String(hour).padStart(2, '0')}:00:00Z`);
  const first = asUtc - zoneOffsetMs(timeZone, asUtc);
  return new Date(asUtc - zoneOffsetMs(timeZone, first));
};

/** The Call on the first day, What Found You on the last, the two others evenly between. */
export const promptDays = (duration: number): number[] =>
  prompts.map((_, index) => Math.round((index * (duration - 1)) / (prompts.length - 1)));

/**
 * The whole plan: the four prompts through the pilgrimage and three reflection nudges after its last day,
 * each at 9:00 in the pilgrim's zone. A prompt already due goes at once; a nudge already past is let go,
 * so coming late to the app does not bring a burst of old nudges.
 */
export const planReminders = (input: {
  startDate: string;
  duration: number;
  timeZone: string;
  now: Date;
}): PlannedReminder[] => {
  const days = promptDays(input.duration);
  const lastDay = addDays(input.startDate, input.duration - 1);
  const promptReminders = prompts.map((prompt, index) => {
    const due = localTime(addDays(input.startDate, days[index]!), REMINDER_HOUR, input.timeZone);
    return {
      kind: prompt.id,
      key: `${prompt.id}:${input.startDate}`,
      sendAt: due < input.now ? input.now : due,
      title: `${prompt.name}: your Soul Story prompt`,
      message: `${prompt.question} Record your reflection in your Soul Story.`,
    };
  });
  const nudges = NUDGE_DAYS.map((after) => ({
    kind: `nudge-${after}` as const,
    key: `nudge-${after}:${input.startDate}`,
    sendAt: localTime(addDays(lastDay, after), REMINDER_HOUR, input.timeZone),
    title: 'A reflection from the road',
    message: `It is ${after} days since your pilgrimage ended. What has stayed with you? Add a memory to your Soul Story.`,
  })).filter((nudge) => nudge.sendAt >= input.now);
  return [...promptReminders, ...nudges];
};
