import { defineJob } from '#server/jobs/queue.ts';
import { LETTER_JOB, type LetterJob, type NewsletterService } from './service.ts';

export const newsletterJobs = (service: NewsletterService) => [
  defineJob<LetterJob>({
    name: LETTER_JOB,
    queue: { retryLimit: 5, retryDelay: 60, retryBackoff: true },
    handle: (data) => service.deliverLetter(data),
  }),
];
