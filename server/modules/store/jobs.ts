import type { AppDeps } from '../../deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import { CONFIRMATION_JOB, sendConfirmation } from './service.ts';

export const storeJobs = (deps: AppDeps) => [
  defineJob<{ orderId: string }>({
    name: CONFIRMATION_JOB,
    handle: (data) => sendConfirmation(deps, data.orderId),
  }),
];
