import { buildApp } from './app.ts';
import { serveBackups } from './db/backup/control-socket.ts';
import { prepareGracefulClose } from './http/graceful-close.ts';
import { createRuntime } from './runtime.ts';
import { exitOnCrash, onShutdown, prepareProcess } from './start.ts';

const { config, unlock } = prepareProcess();
const runtime = await createRuntime({ config });
const app = await buildApp(runtime);

const closeGracefully = prepareGracefulClose(app, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
// The embedded database is this process's alone: npm run backup asks it for a snapshot.
const stopServingBackups = await serveBackups({
  ...config,
  database: runtime.database,
  logger: runtime.logger,
});

const closeAfterListener = async () => {
  await stopServingBackups();
  await runtime.close();
  unlock();
};
onShutdown(async () => {
  await closeGracefully();
  await closeAfterListener();
});
exitOnCrash({
  logger: runtime.logger,
  // No draining after a crash: the requests still running are cut off with their connections.
  close: async () => {
    app.server.closeAllConnections();
    await app.close();
    await closeAfterListener();
  },
});

await app.listen({ host: config.HOST, port: config.PORT });
runtime.logger.info(
  { url: config.PUBLIC_URL, database: config.database.kind, runMode: config.RUN_MODE },
  'Pilgrim Soul is ready',
);
