import type { Logger } from 'pino';
import { ConfigError, type LoadedConfig, loadConfig } from './config.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { emptyTemporaryFolder } from './media/temporary-files.ts';
import { currentWork } from './work-context.ts';

const REQUIRED_NODE_MAJOR = 24;

/**
 * Shared start-up for the web and worker processes: checks, config, the data-directory lock and,
 * when it is held, an empty temporary folder.
 */
export const prepareProcess = (): { config: LoadedConfig; unlock: () => void } => {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < REQUIRED_NODE_MAJOR) {
    console.error(
      `Node ${REQUIRED_NODE_MAJOR} is required (running ${process.versions.node}). Start the app with npm start, which uses the project's pinned Node.`,
    );
    process.exit(1);
  }
  try {
    const config = loadConfig();
    const locked = config.database.kind === 'pglite';
    const unlock = locked ? lockDataDir(config.dataDir) : () => {};
    // A locked data folder is this process's alone, so whatever its temporary folder holds was left by
    // an earlier, killed one. Processes on PostgreSQL may share a data folder: they rely on the sweep.
    if (locked) emptyTemporaryFolder(config.temporaryDir);
    return { config, unlock };
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
};

/** Stops cleanly on SIGTERM or SIGINT: finish in-flight work, then exit. */
export const onShutdown = (stop: () => Promise<void>) => {
  let stopping = false;
  const handle = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal} received: finishing in-flight work`);
    stop()
      .then(() => process.exit(0))
      .catch((error) => {
        console.error('shutdown failed', error);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => handle('SIGTERM'));
  process.on('SIGINT', () => handle('SIGINT'));
};

/**
 * After an error no handler caught, the process's state is unknown: it gets this long to close what it
 * can (the database, the listener, the data folder's lock), then exits anyway.
 */
const CRASH_CLOSE_TIMEOUT_MS = 5_000;

export interface CrashOptions {
  logger: Logger;
  /** Closes what the process holds; it may be cut off at the deadline. */
  close: () => Promise<void>;
  exit?: (code: number) => void;
  closeTimeoutMs?: number;
}

/**
 * What the process does with an error that escaped every handler: one fatal line naming the request or
 * job it came from (when known), then an exit with code 1, for the process manager to restart it.
 */
export const crashHandler = ({
  logger,
  close,
  exit = (code) => process.exit(code),
  closeTimeoutMs = CRASH_CLOSE_TIMEOUT_MS,
}: CrashOptions) => {
  let crashed = false;
  return (error: unknown, origin: 'uncaughtException' | 'unhandledRejection') => {
    logger.fatal({ err: error, origin, ...currentWork() }, `${origin}: the process exits`);
    // A second error while closing is logged too, but the first one's exit stands.
    if (crashed) return;
    crashed = true;
    const deadline = setTimeout(() => {
      logger.error(`closing took over ${closeTimeoutMs} ms: exiting without it`);
      exit(1);
    }, closeTimeoutMs);
    close()
      .catch((closeError: unknown) => logger.error({ err: closeError }, 'closing after a crash failed'))
      .finally(() => {
        clearTimeout(deadline);
        exit(1);
      });
  };
};

/** Replaces Node's own crash (a stack trace on stderr) with crashHandler's log line and close. */
export const exitOnCrash = (options: CrashOptions) => {
  const handle = crashHandler(options);
  process.on('uncaughtException', (error) => handle(error, 'uncaughtException'));
  process.on('unhandledRejection', (reason) => handle(reason, 'unhandledRejection'));
};
