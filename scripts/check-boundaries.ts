import { readFileSync } from 'node:fs';
import { glob } from 'node:fs/promises';
import { findViolations } from './boundaries.ts';

/** Fails the test command when a source file imports across a layer's boundary (scripts/boundaries.ts). */
const files = new Map<string, string>();
for await (const file of glob('{contract,server,web/src}/**/*.{ts,tsx}'))
  files.set(file, readFileSync(file, 'utf8'));

const violations = findViolations(files);
for (const { file, imports, rule } of violations) console.error(`${file} imports ${imports}: ${rule}`);
if (violations.length > 0) {
  console.error(`${violations.length} import(s) cross a boundary; see docs/architecture.md.`);
  process.exit(1);
}
console.info(`Boundaries hold across ${files.size} files.`);
