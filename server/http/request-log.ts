import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Config } from '../config.ts';

const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Query parameters that carry a credential: bearer and stream tokens, emailed links' tokens, signatures. */
const secretParameters = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'code',
  'key',
  'password',
  'secret',
  'signature',
  'sig',
  'x-amz-signature',
  'x-amz-credential',
]);
/**
 * Paths whose next segment is a credential: a shared keepsake, a password reset link, a gift's manage
 * link (page and API), and a signed media URL's signature (`/media/<expiry>/<signature>/<key>`).
 */
const secretPathSegment =
  /^(\/(?:s|api\/soulstory\/shared|reset-password|(?:api\/)?donations\/manage)\/|\/media\/[^/?#]*\/)[^/?#]+/i;

export const REDACTED = '[redacted]';

const parameterName = (pair: string) => {
  const name = pair.split('=', 1)[0]!;
  try {
    return decodeURIComponent(name.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
};

/**
 * A URL as the log may keep it: every credential in its path or query replaced, so a log line (of a
 * refused request as much as an accepted one) never hands a reader a working token or link.
 */
export const redactUrl = (url: string) => {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(secretPathSegment, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) =>
      pair.includes('=') && secretParameters.has(parameterName(pair))
        ? `${pair.split('=', 1)[0]}=${REDACTED}`
        : pair,
    );
  return `${path}?${query.join('&')}`;
};

/** The `req` of every log line (pino's serializer): Fastify's own fields, with the URL redacted. */
export const requestForLog = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/**
 * One log line per request worth reading, written as it completes, with its method, URL, status and time:
 * every server error (error), every slow request (warn), every refused one (4xx, info), and a sample of
 * the rest (info); a write's arrival is logged too. Fastify's own request logging (two lines for each request) took a large share of a quick
 * request's time, and a line for each successful read tells an operator nothing the sample does not.
 */
export class RequestLog extends LogController {
  readonly #sampleRate: number;
  readonly #slowMs: number;

  constructor(config: Pick<Config, 'LOG_REQUEST_SAMPLE_RATE' | 'SLOW_REQUEST_MS'>) {
    super();
    this.#sampleRate = config.LOG_REQUEST_SAMPLE_RATE;
    this.#slowMs = config.SLOW_REQUEST_MS;
  }

  /**
   * A request that changes data is also logged as it arrives: a write that hangs, or is cut off at a
   * shutdown, shows in the log. Writes are few beside reads, and slow beside a line of log.
   */
  override incomingRequest(request: FastifyRequest) {
    if (!reads.has(request.method)) request.log.info({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const responseTime = reply.elapsedTime;
    const slow = responseTime >= this.#slowMs;
    if (!error && status < 400 && !slow && Math.random() >= this.#sampleRate) return;
    const line = { req: request, res: reply, responseTime, ...(error ? { err: error } : {}) };
    if (error || status >= 500) reply.log.error(line, 'request completed');
    else if (slow) reply.log.warn(line, 'slow request completed');
    else reply.log.info(line, 'request completed');
  }
}
