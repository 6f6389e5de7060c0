import type { FeatureModule } from '../feature-module.ts';

export const storeModule: FeatureModule = {
  name: 'store',
};
