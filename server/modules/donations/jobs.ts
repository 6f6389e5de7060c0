import { defineJob } from '#server/jobs/queue.ts';
import { type DonationsService, RECEIPT_JOB } from './service.ts';

export const donationJobs = (service: DonationsService) => [
  defineJob<{ paymentId: string }>({
    name: RECEIPT_JOB,
    handle: (data) => service.sendReceipt(data.paymentId),
  }),
];
