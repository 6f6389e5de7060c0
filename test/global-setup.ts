import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { createTemplates, dropTemplates } from './test-database.ts';

/** Migrates one template database per run; each test file then works on its own copy. */
export default async function setup(project: TestProject) {
  process.env.TEST_RUN_ID ??= `${process.pid}_${randomBytes(3).toString('hex')}`;
  const kind = project.config.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  await mkdir(new URL('../.tmp/', import.meta.url), { recursive: true });
  await createTemplates(kind);
  return () => dropTemplates(kind);
}
