import { adminModule } from './admin/index.ts';
import { authModule } from './auth/index.ts';
import { blogModule } from './blog/index.ts';
import { donationsModule } from './donations/index.ts';
import type { FeatureModule } from './feature-module.ts';
import { messagesModule } from './messages/index.ts';
import { newsletterModule } from './newsletter/index.ts';
import { notificationsModule } from './notifications/index.ts';
import { profileModule } from './profile/index.ts';
import { soulStoryModule } from './soul-story/index.ts';
import { storeModule } from './store/index.ts';
import { surveyModule } from './survey/index.ts';
import { velaModule } from './vela/index.ts';

export const featureModules: FeatureModule[] = [
  authModule,
  profileModule,
  soulStoryModule,
  notificationsModule,
  velaModule,
  donationsModule,
  storeModule,
  blogModule,
  newsletterModule,
  messagesModule,
  surveyModule,
  adminModule,
];
