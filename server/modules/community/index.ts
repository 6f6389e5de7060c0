import type { FeatureModule } from '../feature-module.ts';

export const communityModule: FeatureModule = {
  name: 'community',
};
