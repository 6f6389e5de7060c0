import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { fromPglite, PgBoss } from 'pg-boss';
import { type Database, openDatabase } from '#server/db/client.ts';

/** Integration tests run on embedded PGlite by default, and on a PostgreSQL server when TEST_DB=postgres. */
export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Each run has its own templates, so runs side by side never share a database. */
const runId = () => process.env.TEST_RUN_ID ?? 'local';
export const pgliteTemplateFile = () => new URL(`../.tmp/template-pglite-${runId()}.tar.gz`, import.meta.url);
export const postgresTemplateName = () => `pilgrim_soul_template_${runId()}`;

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

const installJobSchema = async (database: Database) => {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), supervise: false, schedule: false })
      : new PgBoss({ connectionString: database.connectionString!, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
};

/** Migrates once per run; every test file then copies this template instead of migrating afresh. */
export const createTemplates = async (kind: 'pglite' | 'postgres') => {
  if (kind === 'postgres') return createPostgresTemplate();
  const pglite = await openDatabase({ kind: 'pglite' });
  await pglite.migrate();
  await installJobSchema(pglite);
  const dump = await pglite.pglite!.dumpDataDir('gzip');
  await writeFile(pgliteTemplateFile(), Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
};

const createPostgresTemplate = async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${postgresTemplateName()} with (force)`);
    await admin.query(`create database ${postgresTemplateName()}`);
  } finally {
    await admin.end();
  }
  const template = await openDatabase({
    kind: 'postgres',
    url: withDatabase(serverUrl, postgresTemplateName()),
  });
  await template.migrate();
  await installJobSchema(template);
  await template.close();
};

/** A private, migrated database for one test file. */
export const openTestDatabase = async (
  options: { onLostConnection?: (error: Error) => void } = {},
): Promise<Database> => {
  if (testDatabaseKind() === 'pglite') {
    if (!existsSync(pgliteTemplateFile())) await createTemplates('pglite');
    const dump = await readFile(pgliteTemplateFile());
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `pilgrim_soul_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${postgresTemplateName()}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({
    kind: 'postgres',
    url: withDatabase(serverUrl, name),
    poolSize: 5,
    ...options,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
};

export const dropTemplates = async (kind: 'pglite' | 'postgres') => {
  if (kind === 'pglite') {
    await rm(pgliteTemplateFile(), { force: true });
    return;
  }
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${postgresTemplateName()} with (force)`);
  await admin.end();
};
