import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { notificationRoutes } from './routes.ts';

export { addNotification, allNotificationsOf, countUnread } from './service.ts';

export const notificationsFeature = (deps: AppDeps): Feature => ({
  name: 'notifications',
  routes: notificationRoutes(deps),
});
