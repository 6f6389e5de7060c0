import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnyJobDefinition } from '../jobs/queue.ts';

/**
 * A capability of the product, built once per runtime by its module's factory from the shared parts
 * (server/modules/index.ts): its HTTP routes and its background jobs share the same services.
 */
export interface Feature {
  name: string;
  routes?: FastifyPluginAsyncZod;
  jobs?: AnyJobDefinition[];
}
