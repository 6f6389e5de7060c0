import type { FeatureModule } from '../feature-module.ts';

export const surveyModule: FeatureModule = {
  name: 'survey',
};
