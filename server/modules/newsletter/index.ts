import type { FeatureModule } from '../feature-module.ts';

export const newsletterModule: FeatureModule = {
  name: 'newsletter',
};
