import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import type { CaptionsService } from './captions.ts';
import { captionsRoutes } from './captions-routes.ts';
import { soulStoryJobs } from './jobs.ts';
import { soulStoryRoutes } from './routes.ts';
import type { SoulStoryService } from './service.ts';
import { transcribeJob } from './transcribe.ts';

export { videoRefusal } from './admission.ts';
export { type CaptionsService, captionsFileName, createCaptionsService } from './captions.ts';
export { type JourneyCardSource, journeyCardFacts } from './cards.ts';
export { clipShapeOf, renderStreamedVideoSegment } from './render.ts';
export { findKeepsake, listForUser as listMemories } from './repository.ts';
export {
  countMemories,
  createSoulStoryService,
  type SavedMemory,
  type SoulStoryService,
  userFolder as memoryFolder,
} from './service.ts';

/** The routes and the render jobs share one service, built in the composition root, as is the takes' captions'. */
export const soulStoryFeature = (
  deps: AppDeps,
  service: SoulStoryService,
  captions: CaptionsService,
): Feature => ({
  name: 'soul-story',
  routes: async (app) => {
    await app.register(soulStoryRoutes(deps, service));
    await app.register(captionsRoutes(deps, captions));
  },
  jobs: [...soulStoryJobs(deps, service), transcribeJob(deps, captions)],
});
