import type { FeatureModule } from '../feature-module.ts';

export const soulStoryModule: FeatureModule = {
  name: 'soul-story',
};
