import type { FeatureModule } from '../feature-module.ts';
import { createChatService } from './chat-service.ts';
import { createProvider } from './providers/index.ts';
import { reminderJobs } from './reminders.ts';
import { velaRoutes } from './routes.ts';

export const velaModule: FeatureModule = {
  name: 'vela',
  routes: (deps) => {
    const provider = createProvider(deps.config);
    const chat = createChatService({
      config: deps.config,
      db: deps.db,
      provider,
      rateLimiter: deps.rateLimiter,
    });
    return velaRoutes(deps, chat, provider);
  },
  jobs: reminderJobs,
};
