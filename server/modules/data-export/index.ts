import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { dataExportJobs } from './jobs.ts';
import { dataExportRoutes } from './routes.ts';
import type { ExportSources } from './sections.ts';
import { createDataExportService } from './service.ts';

export { exportFolder } from './service.ts';

/** Exporting one's own data: the routes and the jobs that build, announce and expire the zip share one service. */
export const dataExportFeature = (deps: AppDeps, sources: ExportSources): Feature => {
  const service = createDataExportService(deps, sources);
  return { name: 'data-export', routes: dataExportRoutes(deps, service), jobs: dataExportJobs(service) };
};
