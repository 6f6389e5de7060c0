import type { FeatureModule } from '../feature-module.ts';

export const blogModule: FeatureModule = {
  name: 'blog',
};
