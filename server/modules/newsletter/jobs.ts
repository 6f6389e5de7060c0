import type { AppDeps } from '#server/deps.ts';
import { defineJob } from '#server/jobs/queue.ts';
import { deliverLetter, LETTER_JOB, type LetterJob } from './service.ts';

export const newsletterJobs = (deps: AppDeps) => [
  defineJob<LetterJob>({
    name: LETTER_JOB,
    queue: { retryLimit: 5, retryDelay: 60, retryBackoff: true },
    handle: (data) => deliverLetter(deps, data),
  }),
];
