import { defineJob } from '#server/jobs/queue.ts';
import {
  BUILD_JOB,
  type DataExportService,
  EXPIRE_JOB,
  type ExportJobData,
  READY_EMAIL_JOB,
} from './service.ts';

const BUILD_FAILED_JOB = 'account-export.build-failed';

export const dataExportJobs = (service: DataExportService) => [
  /** A build that failed every retry: the pilgrim sees 'failed' and can ask again. */
  defineJob<ExportJobData>({
    name: BUILD_FAILED_JOB,
    handle: ({ exportId }) => service.markFailed(exportId).then(() => undefined),
  }),
  defineJob<ExportJobData>({
    name: BUILD_JOB,
    // A worker that dies mid-build stops its heartbeat, and the build is tried again.
    queue: {
      retryLimit: 2,
      retryDelay: 10,
      heartbeatSeconds: 10,
      expireInSeconds: 30 * 60,
      deadLetter: BUILD_FAILED_JOB,
    },
    handle: ({ exportId }) => service.buildExport(exportId),
  }),
  defineJob<ExportJobData>({
    name: READY_EMAIL_JOB,
    handle: ({ exportId }) => service.sendReadyEmail(exportId),
  }),
  defineJob<ExportJobData>({
    name: EXPIRE_JOB,
    handle: () => service.removeExpired(),
  }),
];
