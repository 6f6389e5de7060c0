import { describeViolation, findViolations } from './boundaries.ts';

/** Fails the test command when an import crosses a layer's boundary or closes a circle (scripts/boundaries.ts). */
const started = performance.now();
const violations = await findViolations(process.cwd());
for (const violation of violations) console.error(describeViolation(violation));
if (violations.length > 0) {
  console.error(
    `${violations.length} import(s) cross a boundary or close a circle; see docs/architecture.md.`,
  );
  process.exit(1);
}
console.info(`Boundaries hold (${Math.round(performance.now() - started)} ms).`);
