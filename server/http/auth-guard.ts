import type { FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBody } from '#contract/common.ts';
import type { Db } from '../db/client.ts';
import type { LiveSessions } from '../identity/live-sessions.ts';
import { findRole } from '../identity/users.ts';
import type { AccessTokens, TokenSubject } from './access-tokens.ts';
import { Forbidden, Unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    userId: string | null;
    /** The sign-in the access token belongs to, beside `userId`. */
    sessionId: string | null;
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

/** The signed-in user and their sign-in, for what must end with it (an event stream, a token for one). */
export const signInOf = (request: FastifyRequest): TokenSubject => {
  if (!request.userId || !request.sessionId) throw new Unauthorized();
  return { userId: request.userId, sessionId: request.sessionId };
};

export const createAuthGuard = (db: Db, tokens: AccessTokens, sessions: LiveSessions): AuthGuard => {
  const identify = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const subject = token ? await tokens.verify(token) : null;
    // A signed-out, reset or deleted session ends its access tokens too (cached for a few seconds).
    const live = subject && (await sessions.isLive(subject.sessionId, subject.userId)) ? subject : null;
    request.userId = live?.userId ?? null;
    request.sessionId = live?.sessionId ?? null;
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

/**
 * Declares the commonest signed-in route: a GET of the caller's own data, answered from their user id
 * alone (`read`), with the options `signedIn` gives it.
 */
export const getOwn = <Responses extends { 200: z.ZodType }>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  guard: AuthGuard,
  path: string,
  read: (userId: string) => Promise<z.output<Responses[200]>>,
  schema: { tags: string[]; summary: string; response: Responses },
) => {
  // `read`'s type ties the answer to the schema: a handler here, generic over it, could not be checked against it.
  const options: RouteShorthandOptions = signedIn(guard, schema);
  app.get(path, options, async (request) => read(userIdOf(request)));
};

/**
 * Declares a resource each pilgrim has one of (their account, profile, Camino record), read with GET and
 * changed with PUT at one path, both answering it whole, with the options `signedIn` gives them.
 */
export const ownResource = <Answer extends z.ZodType, Body extends z.ZodType>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  guard: AuthGuard,
  path: string,
  resource: {
    tags: string[];
    answer: Answer;
    read: { summary: string; run: (userId: string) => Promise<z.output<Answer>> };
    change: {
      summary: string;
      body: Body;
      /** What else a change may answer besides the 400 of a body its schema refuses. */
      refusals?: Record<number, typeof errorBody>;
      run: (userId: string, body: z.output<Body>) => Promise<z.output<Answer>>;
    };
  },
) => {
  const { tags, answer, read, change } = resource;
  getOwn(app, guard, path, read.run, { tags, summary: read.summary, response: { 200: answer } });
  const options: RouteShorthandOptions = signedIn(guard, {
    tags,
    summary: change.summary,
    body: change.body,
    response: { 200: answer, 400: errorBody, ...change.refusals },
  });
  // The body was checked against `change.body` before this runs; the generic route cannot say so itself.
  app.put(path, options, async (request) => change.run(userIdOf(request), request.body as z.output<Body>));
};
