import { describe, expect, it } from 'vitest';
import { localTime, planReminders, promptDays } from './reminder-plan.ts';

describe('reminder plan', () => {
  it('spreads the four prompts from the first day to the last', () => {
    expect(promptDays(7)).toEqual([0, 2, 4, 6]);
    expect(promptDays(45)).toEqual([0, 15, 29, 44]);
    expect(promptDays(1)).toEqual([0, 0, 0, 0]);
  });

  it('finds 9:00 on the wall clocks of a zone, across daylight saving time', () => {
    expect(localTime('2026-07-01', 9, 'Europe/Madrid').toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(localTime('2026-01-15', 9, 'Europe/Madrid').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(localTime('2026-03-08', 9, 'America/New_York').toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(localTime('2026-03-07', 9, 'America/New_York').toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(localTime('2026-05-01', 9, 'Asia/Seoul').toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(localTime('2026-05-01', 9, 'UTC').toISOString()).toBe('2026-05-01T09:00:00.000Z');
  });

  it('plans the prompts and the nudges at 9:00 local time', () => {
    const plan = planReminders({
      startDate: '2027-05-01',
      duration: 30,
      timeZone: 'Europe/Madrid',
      now: new Date('2027-01-01T00:00:00Z'),
    });
    expect(plan.map((reminder) => [reminder.kind, reminder.sendAt.toISOString()])).toEqual([
      ['call', '2027-05-01T07:00:00.000Z'],
      ['suffering', '2027-05-11T07:00:00.000Z'],
      ['joy', '2027-05-20T07:00:00.000Z'],
      ['what_found_you', '2027-05-30T07:00:00.000Z'],
      ['nudge-30', '2027-06-29T07:00:00.000Z'],
      ['nudge-90', '2027-08-28T07:00:00.000Z'],
      ['nudge-365', '2028-05-29T07:00:00.000Z'],
    ]);
    expect(plan[0]!.title).toBe('The Call: your Soul Story prompt');
    expect(plan[0]!.message).toContain('What called you to this journey?');
  });

  it('sends a prompt already due at once and lets a past nudge go', () => {
    const now = new Date('2026-06-20T12:00:00Z');
    const plan = planReminders({ startDate: '2026-05-01', duration: 14, timeZone: 'UTC', now });
    expect(plan.slice(0, 4).every((reminder) => reminder.sendAt.getTime() === now.getTime())).toBe(true);
    expect(plan.map((reminder) => reminder.kind)).toEqual([
      'call',
      'suffering',
      'joy',
      'what_found_you',
      'nudge-90',
      'nudge-365',
    ]);
  });
});
