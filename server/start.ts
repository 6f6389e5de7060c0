import { ConfigError, type LoadedConfig, loadConfig } from './config.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { emptyTemporaryFolder } from './media/temporary-files.ts';

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
