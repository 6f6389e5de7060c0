import type { FeatureModule } from '../feature-module.ts';

export const donationsModule: FeatureModule = {
  name: 'donations',
};
