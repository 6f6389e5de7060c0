import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { createChatService } from './chat-service.ts';
import { reminderJobs } from './reminders.ts';
import { velaRoutes } from './routes.ts';

export { chatMarkdown, chatTranscript } from './history-export.ts';
export { createProvider as createModelProvider } from './providers/index.ts';

export const velaFeature = (deps: AppDeps): Feature => ({
  name: 'vela',
  routes: velaRoutes(deps, createChatService(deps)),
  jobs: reminderJobs(deps),
});
