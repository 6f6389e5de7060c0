import type { Vibe } from '#contract/vela.ts';
import { api } from '#web/shared/http.ts';

export interface JourneyUpdate {
  vibe?: Vibe;
  /** Sent only when the pilgrim ticked the box: the server then keeps the vibe and when consent was given. */
  vibe_consent?: true;
  camino_start_date?: string;
  camino_duration?: number;
  reminder_emails?: boolean;
  time_zone?: string;
}

export const saveJourney = (update: JourneyUpdate) =>
  api<unknown>('/api/profile/', { method: 'PUT', body: update });

/** The browser's IANA zone, so reminders come at 9:00 where the pilgrim lives. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
