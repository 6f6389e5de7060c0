import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createRuntime } from '#server/runtime.ts';

/**
 * Lints the OpenAPI document the app publishes at /api/openapi.json with `redocly lint` (rules in
 * redocly.yaml). The document is built by the real app on a throwaway embedded database, so it is
 * exactly what clients read. Offline: Redocly's telemetry and update check are turned off.
 */
const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, '.tmp/openapi.json');

const dataDir = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-openapi-'));
try {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(process.env.PUBLIC_URL ? { PUBLIC_URL: process.env.PUBLIC_URL } : {}),
  });
  const runtime = await createRuntime({ config, logger: pino({ level: 'silent' }), runsWorkers: false });
  const app = await buildApp(runtime);
  try {
    const response = await app.inject({ url: '/api/openapi.json' });
    await mkdir(path.dirname(output), { recursive: true });
    // Indented, so a finding's line and column point at something readable.
    await writeFile(output, JSON.stringify(response.json(), null, 2));
  } finally {
    await app.close();
    await runtime.close();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
}

const lint = spawnSync(
  path.join(root, 'node_modules/.bin/redocly'),
  ['lint', output, '--config', path.join(root, 'redocly.yaml'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
process.exit(lint.status ?? 1);
