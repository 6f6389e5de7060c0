import type { Config } from '#server/config.ts';
import type { AppDeps } from '#server/deps.ts';
import type { Metrics } from '#server/http/metrics.ts';
import type { Feature } from '../feature-module.ts';
import { createChatService } from './chat-service.ts';
import { createProvider, type ModelProvider } from './providers/index.ts';
import { measuredProvider } from './providers/measured.ts';
import { reminderJobs } from './reminders.ts';
import { velaRoutes } from './routes.ts';

export { chatMarkdown, chatTranscript } from './history-export.ts';

/** Vela's model as configuration chooses, measured once here rather than in each provider. */
export const createModelProvider = (config: Config, metrics: Metrics) =>
  measuredProvider(createProvider(config), config.LLM_PROVIDER, metrics);

export const velaFeature = (deps: AppDeps, model: ModelProvider): Feature => ({
  name: 'vela',
  routes: velaRoutes(deps, createChatService(deps, model)),
  jobs: reminderJobs(deps),
});
