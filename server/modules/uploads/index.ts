import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { uploadsJobs } from './jobs.ts';
import { uploadsRoutes } from './routes.ts';
import type { UploadsService } from './service.ts';

export { createUploadsService, type UploadsService } from './service.ts';

/** Resumable uploads (tus 1.0) of takes and photos, saved as memories by the Soul Stories service. */
export const uploadsFeature = (deps: AppDeps, service: UploadsService): Feature => ({
  name: 'uploads',
  routes: uploadsRoutes(deps, service),
  jobs: uploadsJobs(service),
});
