import type { FeatureModule } from '../feature-module.ts';

export const velaModule: FeatureModule = {
  name: 'vela',
};
