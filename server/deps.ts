import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { AccessTokens } from './http/access-tokens.ts';
import type { AuthGuard } from './http/auth-guard.ts';
import type { PageMetaRegistry } from './http/page-meta.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { LiveSessions } from './identity/live-sessions.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MediaSigner } from './media/signed-urls.ts';
import type { Storage } from './media/storage.ts';
import type { TemporaryFiles } from './media/temporary-files.ts';

/** Everything a feature module may use; built once by createRuntime and passed to buildApp. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  queue: JobQueue;
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
}
