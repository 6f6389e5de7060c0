import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test/test-database.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { sharedSigningSecret, withSecrets } from './shared-secret.ts';

describe('the secret shared through the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('is generated once, even by processes asking at the same moment, and then kept', async () => {
    const asked = await Promise.all(Array.from({ length: 5 }, () => sharedSigningSecret(database.db)));
    expect(new Set(asked).size).toBe(1);
    expect(asked[0]?.length).toBeGreaterThanOrEqual(32);
    expect(await sharedSigningSecret(database.db)).toBe(asked[0]);
  });

  it('signs for PostgreSQL without SECRET, and yields to SECRET when it is set', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-secret-'));
    const onServer = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app' };
    const shared = await sharedSigningSecret(database.db);
    expect((await withSecrets(loadConfig(onServer), database.db)).secrets).toEqual([shared]);
    const given = ['s'.repeat(40), 'r'.repeat(40)];
    const configured = await withSecrets(loadConfig({ ...onServer, SECRET: given.join(',') }), database.db);
    expect(configured.SECRET).toBe(given[0]);
    expect(configured.secrets).toEqual(given);
  });
});
