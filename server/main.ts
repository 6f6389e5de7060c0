import { buildApp } from './app.ts';
import { prepareGracefulClose } from './http/graceful-close.ts';
import { createRuntime } from './runtime.ts';
import { onShutdown, prepareProcess } from './start.ts';

const { config, unlock } = prepareProcess();
const runtime = await createRuntime({ config });
const app = await buildApp(runtime);

const closeGracefully = prepareGracefulClose(app, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);

onShutdown(async () => {
  await closeGracefully();
  await runtime.close();
  unlock();
});

await app.listen({ host: config.HOST, port: config.PORT });
runtime.logger.info(
  { url: config.PUBLIC_URL, database: config.database.kind, runMode: config.RUN_MODE },
  'Pilgrim Soul is ready',
);
