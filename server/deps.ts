import type { Logger } from 'pino';
import type { FirstScreenQuery } from '#contract/first-screen-data.ts';
import type { Config } from './config.ts';
import type { AdvisoryLocks } from './db/advisory-locks.ts';
import type { Database, Db } from './db/client.ts';
import type { PubSub } from './db/pubsub.ts';
import type { AccessTokens } from './http/access-tokens.ts';
import type { AuthGuard } from './http/auth-guard.ts';
import type { Metrics } from './http/metrics.ts';
import type { PageMetaRegistry } from './http/page-meta.ts';
import type { PageRegistry } from './http/page-registry.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { LiveSessions } from './identity/live-sessions.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MediaTools } from './media/ffmpeg.ts';
import type { MediaSigner } from './media/signed-urls.ts';
import type { Storage } from './media/storage.ts';
import type { TemporaryFiles } from './media/temporary-files.ts';

/**
 * Every shared part a feature may use: built once by createRuntime (the composition root) and passed to buildApp.
 * Platform parts only: a part that belongs to one feature (the payment provider, Vela's model) is built with that
 * feature in createFeatures (server/modules/index.ts).
 */
export interface AppDeps {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  /**
   * Messages between the processes on the database: a render finished in a worker reaches a web process,
   * a post written in one process reaches the kept reads of every other.
   */
  pubsub: PubSub;
  /** Locks shared by every process on the database (PostgreSQL advisory locks). */
  advisoryLocks: AdvisoryLocks;
  queue: JobQueue;
  /** This process's Prometheus metrics; features observe their renders, uploads and sign-ins in them. */
  metrics: Metrics;
  mailer: Mailer;
  storage: Storage;
  /** The data folder's temporary folder: a job or write in progress owns its files there until it ends. */
  temporaryFiles: TemporaryFiles;
  media: MediaSigner;
  rateLimiter: RateLimiter;
  tokens: AccessTokens;
  sessions: LiveSessions;
  auth: AuthGuard;
  pageMeta: PageMetaRegistry;
  /** The answers a page's first screen is rendered with on the server (server/http/page-shells.ts). */
  firstScreenData: PageRegistry<FirstScreenQuery[]>;
  /** ffmpeg and ffprobe, as configured or found. */
  mediaTools: MediaTools;
}
