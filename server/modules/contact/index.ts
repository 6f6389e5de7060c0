import type { FeatureModule } from '../feature-module.ts';

export const contactModule: FeatureModule = {
  name: 'contact',
};
