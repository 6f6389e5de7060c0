import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { soulStoryJobs } from './jobs.ts';
import { soulStoryRoutes } from './routes.ts';
import { createSoulStoryService } from './service.ts';

export { findKeepsake, listForUser as listMemories } from './repository.ts';
export { countMemories, userFolder as memoryFolder } from './service.ts';

/** The routes and the render jobs share one service. */
export const soulStoryFeature = (deps: AppDeps): Feature => {
  const service = createSoulStoryService(deps);
  return {
    name: 'soul-story',
    routes: soulStoryRoutes(deps, service),
    jobs: soulStoryJobs(deps, service),
  };
};
