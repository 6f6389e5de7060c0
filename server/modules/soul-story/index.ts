import type { AppDeps } from '../../deps.ts';
import { resolveMediaTools } from '../../media/ffmpeg.ts';
import type { FeatureModule } from '../feature-module.ts';
import { soulStoryJobs } from './jobs.ts';
import { soulStoryRoutes } from './routes.ts';
import { createSoulStoryService, type SoulStoryDeps, type SoulStoryService } from './service.ts';

export { countMemories } from './service.ts';

/** The routes and the jobs of one runtime share one service. */
const wired = new WeakMap<AppDeps, { deps: SoulStoryDeps; service: SoulStoryService }>();

const soulStoryOf = (deps: AppDeps) => {
  const existing = wired.get(deps);
  if (existing) return existing;
  const tools = resolveMediaTools(deps.config);
  deps.logger.debug({ tools }, 'media tools');
  const serviceDeps: SoulStoryDeps = { ...deps, tools };
  const created = { deps: serviceDeps, service: createSoulStoryService(serviceDeps) };
  wired.set(deps, created);
  return created;
};

export const soulStoryModule: FeatureModule = {
  name: 'soul-story',
  routes: (deps) => soulStoryRoutes(deps, soulStoryOf(deps).service),
  jobs: (deps) => {
    const { deps: serviceDeps, service } = soulStoryOf(deps);
    return soulStoryJobs(serviceDeps, service);
  },
};
