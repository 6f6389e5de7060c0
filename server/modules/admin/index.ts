import type { FeatureModule } from '../feature-module.ts';

export const adminModule: FeatureModule = {
  name: 'admin',
};
