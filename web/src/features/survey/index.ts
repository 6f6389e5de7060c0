export { PendingSurveysSender } from './use-send-pending-surveys.ts';
