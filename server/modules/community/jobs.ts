import type { AppDeps } from '../../deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import { COMMUNITY_EMAILS_JOB, sendCommunityEmails } from './service.ts';

export const communityJobs = (deps: AppDeps) => [
  defineJob<{ id: string }>({
    name: COMMUNITY_EMAILS_JOB,
    queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
    handle: (data) => sendCommunityEmails(deps, data.id),
  }),
];
