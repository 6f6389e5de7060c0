import path from 'node:path';
import { CHECKSUMS_FILE, migrationProblems } from '#server/db/migration-checksums.ts';

/** Fails when a landed migration was edited, removed or reordered, or a new one has no checksum line yet. */
const folder = path.resolve(import.meta.dirname, '../server/db/migrations');
const problems = await migrationProblems(folder);
if (problems.length > 0) {
  console.error(
    `Migrations must be append-only (${path.relative(process.cwd(), path.join(folder, CHECKSUMS_FILE))}):`,
  );
  for (const problem of problems) console.error(`- ${problem}`);
  process.exit(1);
}
