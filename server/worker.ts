import { createRuntime } from './runtime.ts';
import { exitOnCrash, onShutdown, prepareProcess } from './start.ts';

const { config, unlock } = prepareProcess();
if (config.database.kind === 'pglite') {
  console.error(
    'npm run worker needs DATABASE_URL: with the embedded database, npm start runs the jobs in one process.',
  );
  unlock();
  process.exit(1);
}
const runtime = await createRuntime({ config, runsWorkers: true });
const close = async () => {
  await runtime.close();
  unlock();
};
onShutdown(close);
exitOnCrash({ logger: runtime.logger, close });
runtime.logger.info('worker is running jobs');
