import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Config } from '../config.ts';

const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

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
