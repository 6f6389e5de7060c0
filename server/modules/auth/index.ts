import type { FeatureModule } from '../feature-module.ts';

export const authModule: FeatureModule = {
  name: 'auth',
};
