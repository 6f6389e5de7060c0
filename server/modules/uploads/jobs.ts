import { defineJob } from '#server/jobs/queue.ts';
import { EXPIRE_JOB, type ExpireJobData, type UploadsService } from './service.ts';

/** Each upload schedules this job for its expiry; one run removes every upload past it. */
export const uploadsJobs = (service: UploadsService) => [
  defineJob<ExpireJobData>({
    name: EXPIRE_JOB,
    handle: async () => {
      await service.removeExpired();
    },
  }),
];
