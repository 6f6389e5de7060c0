import { useEffect } from 'react';
import { flushPendingSurveys } from './api/submit-survey.ts';

/** Answers waiting from a visit that could not reach us go out when this mounts and whenever the browser comes back online. */
export const useSendPendingSurveys = () => {
  useEffect(() => {
    const flush = () => void flushPendingSurveys();
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, []);
};

/** Mount once near the app root so waiting answers are sent on any page, not only on /survey. */
export function PendingSurveysSender() {
  useSendPendingSurveys();
  return null;
}
