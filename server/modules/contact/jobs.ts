import type { AppDeps } from '../../deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import { CONTACT_EMAILS_JOB, sendContactEmails } from './service.ts';

export const contactJobs = (deps: AppDeps) => [
  defineJob<{ id: string }>({
    name: CONTACT_EMAILS_JOB,
    queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
    handle: (data) => sendContactEmails(deps, data.id),
  }),
];
