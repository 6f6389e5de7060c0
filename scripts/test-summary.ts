import { existsSync, readFileSync } from 'node:fs';

/**
 * Ends the test command with one line for the whole run, "Tests: N passed, N failed, N skipped",
 * from Vitest's JSON reports. A run that exited non-zero also gets its failure sections repeated
 * here, since CI logs are often read from the end: that includes unhandled errors, which fail a
 * run without failing any test.
 *
 * Arguments: one `name:exitCode` per run, reading .tmp/results-<name>.json and .tmp/output-<name>.log.
 */
interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; assertionResults: { status: string }[] }[];
}

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const failureHeading = /⎯+ (Failed Tests|Failed Suites|Unhandled Errors?)/;

/**
 * The log's failure sections, from the first failure heading to Vitest's totals, and whatever was
 * printed after the totals (errors while closing, such as a global teardown that failed).
 */
const failureSections = (log: string, maxLines = 200): string => {
  const lines = log.replace(ansi, '').split('\n');
  const totals = lines.findLastIndex((line) => /^\s*Test Files\s/.test(line));
  const start = lines.findIndex((line) => failureHeading.test(line));
  const sections = start < 0 ? [] : lines.slice(start, totals < 0 ? undefined : totals);
  const duration =
    totals < 0 ? -1 : lines.findIndex((line, index) => index > totals && /^\s*Duration\s/.test(line));
  const closing = duration < 0 ? [] : lines.slice(duration + 1);
  return [...sections, ...closing.filter((line) => line.trim() && !line.startsWith('JSON report written'))]
    .slice(0, maxLines)
    .join('\n');
};

let passed = 0;
let failed = 0;
let skipped = 0;
for (const argument of process.argv.slice(2)) {
  const [name, exitCode] = argument.split(':');
  const reportFile = `.tmp/results-${name}.json`;
  const logFile = `.tmp/output-${name}.log`;
  if (!existsSync(reportFile)) {
    failed += 1;
    console.error(`\nThe ${name} run wrote no report (exit code ${exitCode}).`);
  } else {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
    passed += report.numPassedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    // A file that fails outside its tests (an import, a hook) has no failed assertion of its own.
    const failedFiles = report.testResults.filter(
      (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
    );
    failed += report.numFailedTests + failedFiles.length;
  }
  if (exitCode !== '0') {
    console.error(`\nThe ${name} run exited with code ${exitCode}.`);
    if (existsSync(logFile)) console.error(failureSections(readFileSync(logFile, 'utf8')));
  }
}
console.info(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
