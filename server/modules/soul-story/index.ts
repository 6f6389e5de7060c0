import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { soulStoryJobs } from './jobs.ts';
import { soulStoryRoutes } from './routes.ts';
import type { SoulStoryService } from './service.ts';

export { videoRefusal } from './admission.ts';
export { type JourneyCardFacts, type JourneyCardSource, journeyCardFacts } from './cards.ts';
export { clipShapeOf, renderStreamedVideoSegment } from './render.ts';
export { findKeepsake, listForUser as listMemories } from './repository.ts';
export {
  countMemories,
  createSoulStoryService,
  type SavedMemory,
  type SoulStoryService,
  userFolder as memoryFolder,
} from './service.ts';

/** The routes and the render jobs share one service, built in the composition root. */
export const soulStoryFeature = (deps: AppDeps, service: SoulStoryService): Feature => ({
  name: 'soul-story',
  routes: soulStoryRoutes(deps, service),
  jobs: soulStoryJobs(deps, service),
});
