import { defineJob } from '#server/jobs/queue.ts';
import { communityMailbox } from './community.ts';
import { contactMailbox } from './contact.ts';
import type { MessagesService } from './service.ts';

const emailsJob = (name: string, send: (id: string) => Promise<void>) =>
  defineJob<{ id: string }>({
    name,
    queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
    handle: (data) => send(data.id),
  });

export const messageJobs = (service: MessagesService) => [
  emailsJob(contactMailbox.job, service.sendContactEmails),
  emailsJob(communityMailbox.job, service.sendCommunityEmails),
];
