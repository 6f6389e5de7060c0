import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../config.ts';
import { userIdOf } from './auth-guard.ts';
import type { RateLimiter } from './rate-limit.ts';
import { type RouteRateLimitName, type RouteSubject, rateRule, subjectOfRule } from './rate-limit-rules.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The rules of server/http/rate-limit-rules.ts this route counts, in this order, once its body is
     * valid and its caller known; the first one past its limit answers 429 with its message.
     */
    rateLimits?: readonly RouteRateLimitName[];
  }
}

/** The body's `email` as typed, as the validated body holds it. */
const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | null | undefined;
  if (typeof body?.email !== 'string')
    throw new Error(`${request.routeOptions.url} counts a rate limit per email, but its body has no email`);
  return body.email;
};

/** Each rule's subject, from its `per`: an address is request.ip (which follows TRUST_PROXY). */
const subjects: Record<RouteSubject, (request: FastifyRequest) => string> = {
  address: (request) => request.ip,
  email: emailOf,
  user: userIdOf,
};

/**
 * Counts the rules a route names in `config.rateLimits`. The count is the route's last preHandler, added
 * after its own (an auth guard among them): it runs once the body has passed validation, so an invalid
 * request is a 400 that counts nothing, and once the caller is known, so a rule per user has its id.
 * Register it before the routes it applies to; it reaches the routes of every plugin registered after it.
 */
export const registerRouteRateLimits = (
  app: FastifyInstance,
  deps: { config: Config; rateLimiter: RateLimiter },
) => {
  app.addHook('onRoute', (route) => {
    const names = route.config?.rateLimits ?? [];
    if (names.length === 0) return;
    const counted = names.map((name) => {
      const per = subjectOfRule(deps.config, name);
      if (!Object.hasOwn(subjects, per))
        throw new Error(`${route.url}: the rate limit ${name} counts per ${per}, which a route cannot tell`);
      return { rule: rateRule(deps.config, name), subjectOf: subjects[per as RouteSubject] };
    });
    const countRateLimits: preHandlerAsyncHookHandler = async (request) => {
      for (const { rule, subjectOf } of counted) await deps.rateLimiter.hit(rule, subjectOf(request));
    };
    // A new array: Fastify copies these options for a GET route's HEAD twin, which gets its own count.
    route.preHandler = [...[route.preHandler ?? []].flat(), countRateLimits];
  });
};
