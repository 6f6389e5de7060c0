import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set through `publicRead()`: the answer is the same for everyone and may be kept this many seconds. */
    publicMaxAge?: number;
  }
}

/**
 * Route options for a read whose answer is the same for every caller (posts, store products, the
 * payments and chat configuration, helplines, feeds, the app's pages): it gets a weak ETag of its body,
 * `If-None-Match` is answered with 304, and browsers and shared caches may keep it `maxAge` seconds
 * (0: keep it, but ask again before each reuse). Spread into the route's options: `{ ...publicRead(60), schema }`.
 */
export const publicRead = (maxAge: number) => ({ config: { publicMaxAge: maxAge } });

export const publicCacheControl = (maxAge: number) =>
  maxAge > 0 ? `public, max-age=${maxAge}` : 'public, no-cache';

/** What every other API answer says: personal or not, no cache keeps it. */
export const personalCacheControl = 'private, no-store';

const etagOf = (body: string | Buffer) =>
  `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** If-None-Match by the weak comparison (RFC 9110 §13.1.2): `*`, or any listed tag with W/ ignored. */
export const matchesIfNoneMatch = (header: string | undefined, etag: string) => {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
};

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

const cachePublicRead = (request: FastifyRequest, reply: FastifyReply, payload: unknown, maxAge: number) => {
  reply.header('cache-control', publicCacheControl(maxAge));
  // Compression happens after this hook, so the tag names the content, whatever its encoding.
  const vary = reply.getHeader('vary');
  if (!/accept-encoding/i.test(String(vary ?? '')))
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const etag = (reply.getHeader('etag') as string | undefined) ?? etagOf(payload);
  reply.header('etag', etag);
  if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('content-length');
  return '';
};

const madeOnce = new WeakMap<object, { json: Buffer; etag: string }>();

/**
 * Sends a public read's value that an in-process cache hands out again and again (the same object until
 * its data changes): its JSON, checked against the route's response schema, and its ETag are made the
 * first time and reused, rather than serialised and hashed on every request. It is kept as bytes, so
 * the socket is not handed a string to encode each time.
 */
export const sendKeptJson = (reply: FastifyReply, schema: z.ZodType, value: object) => {
  let made = madeOnce.get(value);
  if (!made) {
    const json = Buffer.from(JSON.stringify(schema.parse(value)));
    made = { json, etag: etagOf(json) };
    madeOnce.set(value, made);
  }
  return reply.type('application/json; charset=utf-8').header('etag', made.etag).send(made.json);
};

/**
 * Declares a public GET whose answer is fixed while the process runs (the card form to show, the store's
 * catalogue, Vela's mode and helplines): checked against its schema and serialised once, and kept a
 * minute by browsers and shared caches, so new settings show within a minute of a restart.
 */
export const getFixed = <Answer extends z.ZodType>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  path: string,
  answer: z.output<Answer> & object,
  schema: { tags: string[]; summary: string; response: { 200: Answer } },
) => {
  // `answer`'s type ties it to the schema: a handler here, generic over it, could not be checked against it.
  const options: RouteShorthandOptions = { ...publicRead(60), schema };
  app.get(path, options, async (_request, reply) => sendKeptJson(reply, schema.response[200], answer));
};

/**
 * One rule for caching every answer, applied as it is sent (before compression):
 * - a route marked `publicRead(n)` that answers 200 to GET or HEAD: public, with an ETag and 304s;
 * - an answer that already says how to cache it (media, build assets, the event stream) keeps its own;
 * - anything else under /api/, or to a signed-in caller: `private, no-store`.
 */
export const registerCaching = (app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    const maxAge = request.routeOptions.config?.publicMaxAge;
    if (maxAge !== undefined && isRead(request) && reply.statusCode === 200)
      return done(null, cachePublicRead(request, reply, payload, maxAge));
    if (!reply.hasHeader('cache-control') && (request.url.startsWith('/api/') || request.userId))
      reply.header('cache-control', personalCacheControl);
    done(null, payload);
  });
};
