import type { SurveySubmission } from '#contract/survey.ts';

/** Answers wait here from the moment they are submitted until the server has stored them. */
export const PENDING_SURVEYS_KEY = 'pilgrim-soul:pending-surveys';

export type PendingSurvey = SurveySubmission & { submissionId: string };

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What a failed send means for the answers: try again later, or give up because resending cannot help. */
export type SendOutcome = 'sent' | 'retry-later' | 'rejected';

export const createSurveyOutbox = (store: KeyValueStore) => {
  const read = (): PendingSurvey[] => {
    try {
      const parsed = JSON.parse(store.getItem(PENDING_SURVEYS_KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  };
  const write = (items: PendingSurvey[]) => {
    if (items.length === 0) store.removeItem(PENDING_SURVEYS_KEY);
    else store.setItem(PENDING_SURVEYS_KEY, JSON.stringify(items));
  };
  const remove = (submissionId: string) => write(read().filter((item) => item.submissionId !== submissionId));

  let flushing: Promise<void> | null = null;

  return {
    pending: read,
    add: (survey: PendingSurvey) =>
      write([...read().filter((item) => item.submissionId !== survey.submissionId), survey]),
    /**
     * Sends every waiting survey in order; stops at the first that must wait (offline, server down),
     * so the rest keep their place. One flush runs at a time.
     */
    flush: (send: (survey: PendingSurvey) => Promise<SendOutcome>): Promise<void> => {
      flushing ??= (async () => {
        for (const survey of read()) {
          const outcome = await send(survey);
          if (outcome === 'retry-later') return;
          remove(survey.submissionId);
        }
      })().finally(() => {
        flushing = null;
      });
      return flushing;
    },
  };
};

/** A v4 UUID even where crypto.randomUUID is missing (it needs a secure context). */
export const newSubmissionId = (): string => {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
