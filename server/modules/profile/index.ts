import type { FeatureModule } from '../feature-module.ts';

export const profileModule: FeatureModule = {
  name: 'profile',
};
