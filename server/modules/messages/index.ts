import type { Feature } from '../feature-module.ts';
import { messageJobs } from './jobs.ts';
import { messageRoutes } from './routes.ts';
import type { MessagesService } from './service.ts';

export { communityRequestItem, contactMessageItem } from './schemas.ts';
export { createMessagesService, type MessagesService } from './service.ts';

/** The contact, inquiry, join and volunteer forms, and their messages in the admin console. */
export const messagesFeature = (service: MessagesService): Feature => ({
  name: 'messages',
  routes: messageRoutes(service),
  jobs: messageJobs(service),
});
