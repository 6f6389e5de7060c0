import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { composeFileProblems } from './compose-file.ts';

const deployed = path.resolve(import.meta.dirname, '../deploy/compose.yaml');
const env = {
  SECRET: 'compose-config-check-secret-0123456789',
  POSTGRES_PASSWORD: 'check',
  MINIO_ROOT_PASSWORD: 'check',
};

/** The deployed compose file with one change planted, in a folder of its own. */
const planted = (from: string, to: string) => {
  const text = readFileSync(deployed, 'utf8');
  expect(text).toContain(from);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-compose-')), 'compose.yaml');
  writeFileSync(file, text.replace(from, to));
  return file;
};

describe('the compose file check', () => {
  it('passes the deployed compose file', () => {
    expect(composeFileProblems(deployed, env)).toEqual([]);
  });

  it('refuses what the Compose Specification does not allow, saying where', () => {
    expect(composeFileProblems(planted('    interval: 5s', '    intervall: 5s'), env)).toEqual([
      '/services/web-1/healthcheck must NOT have additional properties {"additionalProperty":"intervall"}',
      '/services/web-2/healthcheck must NOT have additional properties {"additionalProperty":"intervall"}',
    ]);
    // depends_on is a list or a map; a bad condition fails the map, whose error is among those given.
    expect(
      composeFileProblems(planted('condition: service_healthy', 'condition: service_ready'), env),
    ).toContainEqual(
      expect.stringMatching(
        /^\/services\/worker-1\/depends_on\/web-1\/condition must be equal to one of the allowed values/,
      ),
    );
  });

  it('refuses a service that depends on one never defined', () => {
    expect(
      composeFileProblems(
        planted('  worker-2: *worker', '  worker-2:\n    <<: *worker\n    depends_on: [web-3]'),
        env,
      ),
    ).toEqual(['service "worker-2" depends on undefined service "web-3"']);
  });

  it('refuses a file run without a variable it requires, and one that is not YAML', () => {
    expect(composeFileProblems(deployed, { ...env, SECRET: undefined })).toEqual([
      'required variable SECRET is missing: set SECRET to at least 32 random characters',
    ]);
    expect(composeFileProblems(planted('services:', 'services: ['), env)[0]).toMatch(/^not valid YAML/);
  });
});
