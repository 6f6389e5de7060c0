import { existsSync, readFileSync } from 'node:fs';

/** Prints one closing line for the whole run from Vitest's JSON reports: "N passed, N failed, N skipped". */
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    failed += 1;
    console.error(`missing test report ${file}`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numFailedTestSuites ?? 0);
  skipped += report.numPendingTests + report.numTodoTests;
}
console.info(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
