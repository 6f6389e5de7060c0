import { mkdir } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { createTemplates } from './test-database.ts';

/** Migrates one template database per run; each test file then works on its own copy. */
export default async function setup(project: TestProject) {
  await mkdir(new URL('../.tmp/', import.meta.url), { recursive: true });
  await createTemplates(project.config.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');
}
