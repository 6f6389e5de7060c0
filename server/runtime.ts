import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config, LoadedConfig } from './config.ts';
import { createAdvisoryLocks } from './db/advisory-locks.ts';
import { type Database, openDatabase } from './db/client.ts';
import { createPubSub } from './db/pubsub.ts';
import type { AppDeps } from './deps.ts';
import { createAccessTokens } from './http/access-tokens.ts';
import { createAuthGuard } from './http/auth-guard.ts';
import { createMetrics, serveMetrics } from './http/metrics.ts';
import { createPageRegistry } from './http/page-registry.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import { requestForLog } from './http/request-log.ts';
import { createLiveSessions, liveSessionOwner } from './identity/live-sessions.ts';
import { forgetEndedSessions } from './identity/session-ends.ts';
import { createJobQueue } from './jobs/queue.ts';
import { createMailer } from './mail/mailer.ts';
import { resolveMediaTools } from './media/ffmpeg.ts';
import { createS3Storage } from './media/s3-storage.ts';
import { createMediaSigner } from './media/signed-urls.ts';
import { createLocalStorage } from './media/storage.ts';
import { createTemporaryFiles, sweepEveryHour } from './media/temporary-files.ts';
import type { Feature } from './modules/feature-module.ts';
import { createFeatures, type Services } from './modules/index.ts';
import { withSecrets } from './security/shared-secret.ts';

/** The process's log; a test passes where it goes, to read what an operator would. */
export const createLogger = (config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger =>
  pino(
    {
      level: config.LOG_LEVEL,
      // Every line's `req` goes through one serializer, which keeps credentials out of the URL.
      serializers: { req: requestForLog },
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
    },
    destination,
  );

export interface RuntimeOptions {
  config: LoadedConfig;
  logger?: Logger;
  /** An already open database (tests pass a copy of the migrated template). */
  database?: Database;
  runsWorkers?: boolean;
  jobPollingIntervalSeconds?: number;
}

/** The shared parts and the features built from them, once per process; buildApp serves them. */
export interface Runtime extends AppDeps {
  features: Feature[];
  services: Services;
  /** Where this process serves its metrics (METRICS_PORT), or null when it serves none. */
  metricsUrl: string | null;
  close(): Promise<void>;
}

/**
 * The composition root: opens the database and job queue, builds every shared part and every
 * feature once, for the web and worker processes alike. No module builds its own dependencies.
 */
export const createRuntime = async (options: RuntimeOptions): Promise<Runtime> => {
  await mkdir(options.config.mediaDir, { recursive: true });
  const logger = options.logger ?? createLogger(options.config);
  const database =
    options.database ??
    (await openDatabase(
      options.config.database.kind === 'pglite'
        ? { kind: 'pglite', dir: options.config.database.dir }
        : {
            ...options.config.database,
            onLostConnection: (error) =>
              logger.warn({ err: error }, 'database connection lost; the pool reconnects'),
          },
    ));
  if (!options.database) await database.migrate();
  const config = await withSecrets(options.config, database.db);
  const runsWorkers = options.runsWorkers ?? config.RUN_MODE !== 'web';
  const queue = await createJobQueue({
    database,
    logger,
    runsWorkers,
    ...(options.jobPollingIntervalSeconds
      ? { pollingIntervalSeconds: options.jobPollingIntervalSeconds }
      : {}),
  });
  const metrics = createMetrics({
    jobCounts: () => queue.counts(),
    processMetrics: config.METRICS_PORT !== undefined,
  });
  const tokens = createAccessTokens(config.secrets, config.ACCESS_TOKEN_TTL_SECONDS);
  const sessions = createLiveSessions(liveSessionOwner(database.db));
  const temporaryFiles = createTemporaryFiles(config.temporaryDir);
  const pubsub = createPubSub(database, logger);
  await forgetEndedSessions(pubsub, sessions);
  const advisoryLocks = createAdvisoryLocks(database);
  const deps: AppDeps = {
    config,
    logger,
    database,
    db: database.db,
    pubsub,
    advisoryLocks,
    queue,
    metrics,
    mailer: createMailer({
      ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
      from: config.MAIL_FROM,
      outboxDir: config.outboxDir,
      logger,
    }),
    storage: config.S3_BUCKET
      ? createS3Storage({ ...config, bucket: config.S3_BUCKET }, temporaryFiles)
      : createLocalStorage(path.resolve(config.mediaDir), temporaryFiles),
    temporaryFiles,
    media: createMediaSigner(config.secrets, config.MEDIA_URL_TTL_SECONDS),
    rateLimiter: createRateLimiter(database.db, config.RATE_LIMIT_SCALE),
    tokens,
    sessions,
    auth: createAuthGuard(database.db, tokens, sessions),
    pageMeta: createPageRegistry(),
    firstScreenData: createPageRegistry(),
    mediaTools: resolveMediaTools(config),
  };
  const { features, services } = createFeatures(deps);
  for (const feature of features) {
    if (feature.jobs) await queue.register(feature.jobs);
  }
  if (runsWorkers) await queue.startWorkers();
  // Every process sweeps the temporary folder its own requests and jobs write to (decision 010).
  const stopSweeping = sweepEveryHour(temporaryFiles, logger);
  // Every process, web or worker, serves its own metrics; several on one host each get their own port.
  const metricsServer =
    config.METRICS_PORT === undefined
      ? null
      : await serveMetrics(metrics.registry, {
          host: config.METRICS_HOST,
          port: config.METRICS_PORT,
          logger,
        });
  if (metricsServer) logger.info({ url: metricsServer.url }, 'metrics are served');
  return {
    ...deps,
    features,
    services,
    metricsUrl: metricsServer?.url ?? null,
    close: async () => {
      stopSweeping();
      await metricsServer?.close();
      await queue.stop();
      await pubsub.close();
      await advisoryLocks.close();
      await database.close();
    },
  };
};
