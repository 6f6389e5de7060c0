import type { SurveySubmission } from '#contract/survey.ts';
import { ApiError, api } from '#web/shared/http.ts';
import { createSurveyOutbox, type PendingSurvey, type SendOutcome } from '../survey-outbox.ts';

export const submitSurvey = (body: SurveySubmission) =>
  api<{ ok: true; id: string }>('/api/survey/submit/', { method: 'POST', body, auth: false });

/** Offline, a server error or a busy server: the answers wait. A refusal of the answers themselves does not. */
const outcomeOf = (error: unknown): SendOutcome =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status)
    ? 'rejected'
    : 'retry-later';

export const sendPendingSurvey = async (survey: PendingSurvey): Promise<SendOutcome> => {
  try {
    await submitSurvey(survey);
    return 'sent';
  } catch (error) {
    const outcome = outcomeOf(error);
    if (outcome === 'rejected') console.warn('The server refused stored survey answers', error);
    return outcome;
  }
};

export const surveyOutbox = createSurveyOutbox(localStorage);

/** Sends whatever is waiting; safe to call at any time. */
export const flushPendingSurveys = () => surveyOutbox.flush(sendPendingSurvey);
