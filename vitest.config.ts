import { defineConfig } from 'vitest/config';

const integration = (kind: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: kind === 'pglite' ? 'integration' : 'integration-postgres',
    include: ['server/**/*.integration.test.ts', 'test/**/*.integration.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    env: { TEST_DB: kind },
    // Generous: on 2 cores, files that render video share the CPU with the rest.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    setupFiles: ['test/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{server,contract,web,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.integration.test.ts', 'node_modules/**'],
        },
      },
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // Generous: a whole Soul Story, camera to keepsake, runs beside two other files on 2 cores.
          testTimeout: 240_000,
          hookTimeout: 240_000,
          // A page may take seconds to settle while the 2 cores are busy; 1 s (Vitest's default) is too short.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
