import { readFileSync } from 'node:fs';

interface Stage {
  from: string;
  name: string | undefined;
  instructions: { keyword: string; args: string }[];
}

/** The Dockerfile's stages, each with its instructions; continued lines joined, comments dropped. */
const stagesOf = (dockerfile: string): Stage[] => {
  const stages: Stage[] = [];
  const logical = dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      const [from = '', , name] = args.split(/\s+/);
      stages.push({ from, name, instructions: [] });
    } else stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
};

/**
 * What keeps the production image lean and safe (docs/deployment.md, "The image"): the web app built in
 * a stage of its own, and a final stage on the slim base with production dependencies only, running as
 * a user other than root, with a health check.
 */
export const dockerfileProblems = (dockerfile: string): string[] => {
  const stages = stagesOf(dockerfile);
  const runtime = stages.at(-1);
  if (!runtime) return ['no FROM: not a Dockerfile'];
  const problems: string[] = [];
  const has = (stage: Stage, keyword: string, pattern: RegExp = /./) =>
    stage.instructions.some(
      (instruction) => instruction.keyword === keyword && pattern.test(instruction.args),
    );
  const build = stages.slice(0, -1).find((stage) => has(stage, 'RUN', /\bnpm run build\b/));
  if (!build) problems.push('no stage before the last one runs `npm run build`');
  else if (!has(runtime, 'COPY', new RegExp(`--from=${build.name ?? stages.indexOf(build)}\\b`)))
    problems.push('the last stage copies nothing from the build stage');
  if (runtime.from !== 'node:24-bookworm-slim')
    problems.push('the last stage is not FROM node:24-bookworm-slim');
  if (!has(runtime, 'RUN', /\bnpm ci\b.*--omit=dev\b/))
    problems.push('the last stage does not `npm ci --omit=dev`');
  if (has(runtime, 'RUN', /\bnpm (ci|install)\b(?!.*--omit=dev)/))
    problems.push('the last stage installs dev dependencies too');
  const user = runtime.instructions.findLast((instruction) => instruction.keyword === 'USER')?.args;
  if (!user || /^(root|0)(:|$)/.test(user)) problems.push('the last stage runs as root: give it a USER');
  if (!has(runtime, 'HEALTHCHECK', /^(?!NONE)/i)) problems.push('the last stage has no HEALTHCHECK');
  if (!has(runtime, 'EXPOSE')) problems.push('the last stage EXPOSEs no port');
  return problems;
};

if (import.meta.main) {
  const file = process.argv[2] ?? 'Dockerfile';
  const problems = dockerfileProblems(readFileSync(file, 'utf8'));
  for (const problem of problems) console.error(`${file}: ${problem}`);
  if (problems.length > 0) process.exit(1);
}
