import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { JobCount } from '../jobs/queue.ts';
import { TooMany } from './errors.ts';

/**
 * What a render made: a memory's segment from its finished take, a take's segment rendered while it was
 * still arriving (paced by the recording, so kept apart), an opening or closing card, the keepsake's join,
 * the keepsake with its captions drawn on the picture.
 */
type RenderKind = 'segment' | 'live-segment' | 'card' | 'join' | 'captioned';

export interface Metrics {
  registry: Registry;
  requestSeconds: Histogram<'route' | 'method' | 'status'>;
  /** Times a render function: only a render that finishes is observed, as a failed one stops anywhere. */
  timedRender<Args extends unknown[], Result>(
    kind: RenderKind,
    render: (...args: Args) => Promise<Result>,
  ): (...args: Args) => Promise<Result>;
  /** Bytes of uploaded files as they arrive, by `protocol`: `multipart` or `tus`. */
  uploadBytes: Counter<'protocol'>;
  signInFailures: Counter;
  rateLimitRefusals: Counter<'rule'>;
  modelSeconds: Histogram<'provider' | 'outcome'>;
  modelFirstPieceSeconds: Histogram<'provider'>;
  modelErrors: Counter<'provider' | 'failure'>;
}

/** A scrape of every process would otherwise count the jobs once per gauge; Prometheus scrapes every 15 s. */
const JOB_COUNTS_KEPT_MS = 5000;

/**
 * The process's metrics, in a registry of its own (tests build many runtimes in one process). The job
 * gauges are read on scrape, one query for both, kept a few seconds; they count the jobs of every process
 * on the database, so every process reports the same numbers.
 */
export const createMetrics = (options: {
  jobCounts: () => Promise<JobCount[]>;
  /** Node's and the process's own metrics: off unless served, as their collectors never stop. */
  processMetrics: boolean;
}): Metrics => {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  let kept: { at: number; counts: Promise<JobCount[]> } | undefined;
  const jobCounts = () => {
    if (!kept || Date.now() - kept.at > JOB_COUNTS_KEPT_MS) {
      const counts = options.jobCounts();
      kept = { at: Date.now(), counts };
      // A failed read is not kept: the next scrape tries again.
      counts.catch(() => {
        if (kept?.counts === counts) kept = undefined;
      });
    }
    return kept.counts;
  };
  new Gauge({
    name: 'pilgrim_jobs',
    help: 'Jobs by queue and state: waiting (ready to run), deferred (to run later), active, failed (kept for a while)',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      const counts = await jobCounts();
      this.reset();
      for (const count of counts) this.set({ queue: count.queue, state: count.state }, count.jobs);
    },
  });
  new Gauge({
    name: 'pilgrim_jobs_oldest_waiting_seconds',
    help: 'How long the job of this queue that has waited longest has been ready to run',
    labelNames: ['queue'],
    registers,
    async collect() {
      const counts = await jobCounts();
      this.reset();
      for (const count of counts)
        if (count.state === 'waiting') this.set({ queue: count.queue }, count.jobs ? count.oldestSeconds : 0);
    },
  });

  const renderSeconds = new Histogram({
    name: 'pilgrim_render_duration_seconds',
    help: 'Renders that finished, by kind: segment, live-segment, card, join, captioned',
    labelNames: ['kind'],
    buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200],
    registers,
  });
  return {
    registry,
    requestSeconds: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route template (unmatched for none), method and status',
      labelNames: ['route', 'method', 'status'],
      registers,
    }),
    timedRender:
      (kind, render) =>
      async (...args) => {
        const done = renderSeconds.startTimer({ kind });
        const result = await render(...args);
        done();
        return result;
      },
    uploadBytes: new Counter({
      name: 'pilgrim_upload_bytes_total',
      help: 'Bytes of uploaded files received, by protocol: multipart or tus',
      labelNames: ['protocol'],
      registers,
    }),
    signInFailures: new Counter({
      name: 'pilgrim_sign_in_failures_total',
      help: 'Sign-ins refused for a wrong email or password (not those turned away by a rate limit)',
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'pilgrim_rate_limit_refusals_total',
      help: 'Requests answered 429 by a rate limit, by rule (server/http/rate-limit-rules.ts)',
      labelNames: ['rule'],
      registers,
    }),
    modelSeconds: new Histogram({
      name: 'pilgrim_model_request_duration_seconds',
      help: "Vela's model answers from request to last piece, by provider and outcome: ok, error or cancelled",
      labelNames: ['provider', 'outcome'],
      buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120],
      registers,
    }),
    modelFirstPieceSeconds: new Histogram({
      name: 'pilgrim_model_first_piece_seconds',
      help: "How long Vela's model took to send the first piece of an answer, by provider",
      labelNames: ['provider'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30],
      registers,
    }),
    modelErrors: new Counter({
      name: 'pilgrim_model_errors_total',
      help: "Vela's model failing, by provider and failure (unauthorized, overloaded, timeout, unreachable, error, bad-shape)",
      labelNames: ['provider', 'failure'],
      registers,
    }),
  };
};

/**
 * Times every request, the probes' included, under its route's template (`/api/posts/:id/`), never the
 * path as sent, so ids do not make a series each; a request no route matched is `unmatched`. Requests
 * turned away by a rate limit are counted by rule.
 */
export const registerRequestMetrics = (app: FastifyInstance, metrics: Metrics) => {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestSeconds.observe(
      { route: request.routeOptions.url ?? 'unmatched', method: request.method, status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.addHook('onError', (_request, _reply, error, done) => {
    if (error instanceof TooMany && error.rule) metrics.rateLimitRefusals.inc({ rule: error.rule });
    done();
  });
};

export interface MetricsServer {
  /** Where Prometheus scrapes this process: `http://host:port/metrics`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `/metrics` on a port of its own, never the public one: what the process does and how busy it
 * is stays on the network its operator chooses (METRICS_HOST, the loopback unless told).
 */
export const serveMetrics = async (
  registry: Registry,
  { host, port, logger }: { host: string; port: number; logger: Logger },
): Promise<MetricsServer> => {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (error: unknown) => {
        logger.warn({ err: error }, 'could not collect the metrics');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  const shownHost = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  return {
    url: `http://${shownHost}:${bound.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Prometheus keeps its connection open between scrapes.
        server.closeAllConnections();
      }),
  };
};
