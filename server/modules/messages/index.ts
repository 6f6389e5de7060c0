import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { messageJobs } from './jobs.ts';
import { messageRoutes } from './routes.ts';

export { listCommunityRequests, setCommunityRequestHandled } from './community.ts';
export { listContactMessages, setContactMessageHandled } from './contact.ts';
export { communityRequestItem, contactMessageItem } from './schemas.ts';

/** The contact, inquiry, join and volunteer forms, and their messages in the admin console. */
export const messagesFeature = (deps: AppDeps): Feature => ({
  name: 'messages',
  routes: messageRoutes(deps),
  jobs: messageJobs(deps),
});
