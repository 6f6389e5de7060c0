import { composeFileProblems } from './compose-file.ts';

/**
 * Checks compose files as `docker compose config --quiet` does, with no docker client: the test command
 * runs it on deploy/compose.yaml. Variables come from the environment, as they would for docker compose.
 */
let failed = false;
for (const file of process.argv.slice(2)) {
  const problems = composeFileProblems(file, process.env);
  if (problems.length === 0) continue;
  failed = true;
  console.error(`${file} is not a valid compose file:`);
  for (const problem of problems) console.error(`- ${problem}`);
}
if (failed) process.exit(1);
