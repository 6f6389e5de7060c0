import type { FeatureModule } from '../feature-module.ts';
import { notificationRoutes } from './routes.ts';

export { addNotification, countUnread } from './service.ts';

export const notificationsModule: FeatureModule = {
  name: 'notifications',
  routes: notificationRoutes,
};
