import type { FeatureModule } from '../feature-module.ts';

export const notificationsModule: FeatureModule = {
  name: 'notifications',
};
