import type { SwaggerTransformObject } from '@fastify/swagger';
import { z } from 'zod';
import { errorBody } from '#contract/common.ts';

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  security?: unknown[];
  responses?: Record<string, unknown>;
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);

/**
 * A stable camelCase name for an operation, read from its method and path, so it changes only if the
 * path does: `GET /api/posts/{id}/` is `getPostsById`, `POST /api/soulstories/reorder/` is
 * `postSoulstoriesReorder`, `DELETE /api/soulstory/{id}/delete/` is `deleteSoulstoryById`. A route
 * may name its own (`schema.operationId`), as it must when two paths would give one name.
 */
export const operationIdOf = (method: string, path: string): string => {
  const segments = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean);
  if (segments.at(-1)?.toLowerCase() === method) segments.pop();
  const parts = segments.flatMap((segment) => {
    const parameter = /^\{(.+)\}$/.exec(segment);
    return parameter ? ['By', ...words(parameter[1]!).map(pascal)] : words(segment).map(pascal);
  });
  return method + parts.join('');
};

const errorResponse = {
  description: 'The path, query or body holds a control character, or a value is not valid',
  content: { 'application/json': { schema: z.toJSONSchema(errorBody, { target: 'openapi-3.0' }) } },
};

/**
 * The last pass over the published document (`transformObject` of @fastify/swagger), where what holds
 * for every operation is written once instead of on 73 routes:
 * - an `operationId` on each (see `operationIdOf`); a name used twice stops the document;
 * - `security: []` where a route declares none: the guarded routes all declare `bearer`;
 * - a 400 where none is documented: the text-hygiene gate refuses a control character in any path
 *   or query before the route runs.
 */
export const finishOpenApiDocument: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const { openapiObject } = document;
  const paths = (openapiObject.paths ?? {}) as unknown as Record<string, Record<string, Operation>>;
  const named = new Map<string, string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      const other = named.get(operation.operationId);
      if (other)
        throw new Error(
          `OpenAPI: ${method.toUpperCase()} ${path} and ${other} share the operationId ${operation.operationId}; give one its own schema.operationId`,
        );
      named.set(operation.operationId, `${method.toUpperCase()} ${path}`);
      operation.security ??= [];
      operation.responses ??= {};
      operation.responses['400'] ??= errorResponse;
    }
  }
  return openapiObject;
};

/** A response that is a file, not JSON (a video, a poster), for a route's `schema.response`. */
export const fileResponse = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } },
});
