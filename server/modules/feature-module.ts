import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.ts';
import type { AnyJobDefinition } from '../jobs/queue.ts';

/** A capability of the product: its HTTP routes, its background jobs, and set-up such as page meta. */
export interface FeatureModule {
  name: string;
  routes?: (deps: AppDeps) => FastifyPluginAsyncZod;
  jobs?: (deps: AppDeps) => AnyJobDefinition[];
}
