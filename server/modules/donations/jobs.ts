import type { AppDeps } from '../../deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import { RECEIPT_JOB, sendReceipt } from './service.ts';

export const donationJobs = (deps: AppDeps) => [
  defineJob<{ paymentId: string }>({
    name: RECEIPT_JOB,
    handle: (data) => sendReceipt(deps, data.paymentId),
  }),
];
