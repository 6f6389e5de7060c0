import type { AppDeps } from '#server/deps.ts';
import { defineJob } from '#server/jobs/queue.ts';
import { communityMailbox } from './community.ts';
import { contactMailbox } from './contact.ts';
import { type Mailbox, type StoredMessage, sendMessageEmails } from './service.ts';

const emailsJob = <Row extends StoredMessage, NewRow>(deps: AppDeps, mailbox: Mailbox<Row, NewRow>) =>
  defineJob<{ id: string }>({
    name: mailbox.job,
    queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
    handle: (data) => sendMessageEmails(deps, mailbox, data.id),
  });

export const messageJobs = (deps: AppDeps) => [
  emailsJob(deps, contactMailbox),
  emailsJob(deps, communityMailbox),
];
