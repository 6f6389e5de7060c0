import { createRuntime } from './runtime.ts';
import { onShutdown, prepareProcess } from './start.ts';

const { config, unlock } = prepareProcess();
if (config.database.kind === 'pglite') {
  console.error(
    'npm run worker needs DATABASE_URL: with the embedded database, npm start runs the jobs in one process.',
  );
  unlock();
  process.exit(1);
}
const runtime = await createRuntime({ config, runsWorkers: true });
onShutdown(async () => {
  await runtime.close();
  unlock();
});
runtime.logger.info('worker is running jobs');
