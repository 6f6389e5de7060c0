import type { ReminderScheduleResponse } from '#contract/vela.ts';
import { api } from '#web/shared/http.ts';
import { browserTimeZone } from './save-journey.ts';

export const scheduleReminders = (startDate: string, duration: number) =>
  api<ReminderScheduleResponse>('/api/reminder/schedule/', {
    method: 'POST',
    body: { startDate, duration, timeZone: browserTimeZone() },
  });
