import type { FastifyRequest, FastifySchema } from 'fastify';
import { errorBody } from '#contract/common.ts';
import type { Db } from '../db/client.ts';
import type { LiveSessions } from '../identity/live-sessions.ts';
import { findRole } from '../identity/users.ts';
import type { AccessTokens } from './access-tokens.ts';
import { Forbidden, Unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    userId: string | null;
  }
}

export interface AuthGuard {
  /** preHandler: a valid bearer access token of a live session is required. */
  required(request: FastifyRequest): Promise<void>;
  /** preHandler: the caller must be an admin, read from the database on every call. */
  admin(request: FastifyRequest): Promise<void>;
  /** preHandler: reads the token when present, without requiring it. */
  optional(request: FastifyRequest): Promise<void>;
}

const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
};

export const userIdOf = (request: FastifyRequest): string => {
  if (!request.userId) throw new Unauthorized();
  return request.userId;
};

export const createAuthGuard = (db: Db, tokens: AccessTokens, sessions: LiveSessions): AuthGuard => {
  const identify = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const subject = token ? await tokens.verify(token) : null;
    // A signed-out, reset or deleted session ends its access tokens too (cached for a few seconds).
    request.userId =
      subject && (await sessions.isLive(subject.sessionId, subject.userId)) ? subject.userId : null;
  };
  const required = async (request: FastifyRequest) => {
    await identify(request);
    if (!request.userId) throw new Unauthorized();
  };
  return {
    required,
    optional: identify,
    admin: async (request) => {
      await required(request);
      const role = await findRole(db, request.userId!);
      if (!role) throw new Unauthorized();
      if (role !== 'admin') throw new Forbidden();
    },
  };
};

type RouteSchema = FastifySchema & { response?: object };

const guardedBy = <Hook extends 'onRequest' | 'preHandler', Schema extends RouteSchema>(
  hook: Hook,
  guard: AuthGuard,
  schema: Schema,
) =>
  ({
    [hook]: guard.required,
    schema: { ...schema, security: [{ bearer: [] }], response: { ...schema.response, 401: errorBody } },
  }) as { [Key in Hook]: AuthGuard['required'] } & {
    schema: Schema & {
      security: { bearer: never[] }[];
      response: Schema['response'] & { 401: typeof errorBody };
    };
  };

/**
 * The options of a route only a signed-in caller may use: the guard runs once the body is read and
 * checked (a malformed body is a 400 with or without a token), and the published document says so
 * (bearer security and the 401 answer).
 */
export const signedIn = <Schema extends RouteSchema>(guard: AuthGuard, schema: Schema) =>
  guardedBy('preHandler', guard, schema);

/** The same, with the guard run as the request arrives: a large upload is refused before its body is read. */
export const signedInBeforeBody = <Schema extends RouteSchema>(guard: AuthGuard, schema: Schema) =>
  guardedBy('onRequest', guard, schema);
