import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, type Job, PgBoss, type Queue, type SendOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database, DbOrTx } from '../db/client.ts';
import { runInWorkContext } from '../work-context.ts';

/** A background job, written like a service: its handler must be safe to run twice. */
export interface JobDefinition<Data extends object = object> {
  name: string;
  queue?: Omit<Queue, 'name'>;
  /** How many of this job one process runs at a time. */
  concurrency?: number;
  handle(data: Data, job: Job<Data>): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds jobs of every data shape.
export type AnyJobDefinition = JobDefinition<any>;

export const defineJob = <Data extends object>(definition: JobDefinition<Data>): JobDefinition<Data> =>
  definition;

/** How many jobs of a queue are in a state: `waiting` ones may run now, `deferred` ones only later. */
export interface JobCount {
  queue: string;
  state: 'waiting' | 'deferred' | 'active' | 'failed';
  jobs: number;
  /** For waiting jobs, how long the one waiting longest has been ready to run. */
  oldestSeconds: number;
}

/**
 * One query over pg-boss's job table. Completed and cancelled jobs are left out: they are most of the
 * table, and say nothing an operator acts on.
 */
const COUNT_JOBS = `
  select name as queue,
    case when state = 'created' or state = 'retry'
      then case when start_after > now() then 'deferred' else 'waiting' end
      else state::text end as state,
    count(*)::int as jobs,
    coalesce(extract(epoch from now() - min(start_after)), 0)::float8 as "oldestSeconds"
  from pgboss.job
  where state in ('created', 'retry', 'active', 'failed')
  group by 1, 2`;

export interface JobQueue {
  boss: PgBoss;
  /** Enqueue; pass the transaction to make the job part of it (required inside a PGlite transaction). */
  send<Data extends object>(
    name: string,
    data: Data,
    options?: SendOptions,
    tx?: DbOrTx,
  ): Promise<string | null>;
  /** Whether a job of this queue with this singleton key waits to run, new or retrying. */
  waiting(name: string, singletonKey: string): Promise<boolean>;
  /** Every registered queue's jobs by state, zero included, across every process on the database. */
  counts(): Promise<JobCount[]>;
  /** Creates the queues of these jobs; every process registers them, so any code may enqueue. */
  register(definitions: AnyJobDefinition[]): Promise<void>;
  /** Starts handling every registered job in this process. */
  startWorkers(): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  database: Database;
  logger: Logger;
  /** Only processes that run workers keep pg-boss's maintenance and scheduling loops. */
  runsWorkers: boolean;
  pollingIntervalSeconds?: number;
}

export const createJobQueue = async ({
  database,
  logger,
  runsWorkers,
  pollingIntervalSeconds = 2,
}: QueueOptions): Promise<JobQueue> => {
  // Supervising every 20 s means a job whose process died (its heartbeat lapsed) is retried within a minute.
  // A sent job wakes the workers of its queue at once, in any process (pg-boss's LISTEN/NOTIFY);
  // polling stays as the floor. Only a process with workers holds the listening connection.
  const maintenance = {
    supervise: runsWorkers,
    schedule: runsWorkers,
    superviseIntervalSeconds: 20,
    monitorIntervalSeconds: 20,
    useListenNotify: runsWorkers,
  };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), ...maintenance })
      : new PgBoss({ connectionString: database.connectionString!, max: 4, ...maintenance });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  const registered: AnyJobDefinition[] = [];

  return {
    boss,
    send: (name, data, options = {}, tx) =>
      boss.send(
        name,
        data,
        tx ? { ...options, db: fromDrizzle(tx as Parameters<typeof fromDrizzle>[0], sql) } : options,
      ),
    waiting: async (name, singletonKey) =>
      (await boss.findJobs(name, { key: singletonKey, queued: true, limit: 1 })).length > 0,
    counts: async () => {
      const { rows } = await boss.getDb().executeSql(COUNT_JOBS);
      const found = new Map((rows as JobCount[]).map((row) => [`${row.queue} ${row.state}`, row]));
      return registered.flatMap(({ name }) =>
        (['waiting', 'deferred', 'active', 'failed'] as const).map(
          (state) => found.get(`${name} ${state}`) ?? { queue: name, state, jobs: 0, oldestSeconds: 0 },
        ),
      );
    },
    register: async (definitions) => {
      for (const definition of definitions) {
        const options = { ...definition.queue, notify: true };
        await boss.createQueue(definition.name, options);
        // A queue made before jobs woke their workers keeps its old options until told.
        if (!(await boss.getQueue(definition.name))?.notify) await boss.updateQueue(definition.name, options);
        registered.push(definition);
      }
    },
    startWorkers: async () => {
      for (const definition of registered) {
        await boss.work<object>(
          definition.name,
          {
            // Retries and delayed jobs send no notice: the poll keeps its pace for them.
            pollingIntervalSeconds,
            notifyPollingIntervalSeconds: pollingIntervalSeconds,
            localConcurrency: definition.concurrency ?? 1,
            batchSize: 1,
          },
          async (jobs) => {
            for (const job of jobs) {
              const log = logger.child({ job: definition.name, jobId: job.id });
              log.info('job started');
              try {
                await runInWorkContext({ job: definition.name, jobId: job.id }, () =>
                  definition.handle(job.data, job),
                );
                log.info('job finished');
              } catch (error) {
                log.warn({ err: error }, 'job failed');
                throw error;
              }
            }
          },
        );
      }
    },
    stop: () => boss.stop({ graceful: true, timeout: 30_000 }),
  };
};
