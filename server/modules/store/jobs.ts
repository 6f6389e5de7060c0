import { defineJob } from '#server/jobs/queue.ts';
import { CONFIRMATION_JOB, type StoreService } from './service.ts';

export const storeJobs = (service: StoreService) => [
  defineJob<{ orderId: string }>({
    name: CONFIRMATION_JOB,
    handle: (data) => service.sendConfirmation(data.orderId),
  }),
];
