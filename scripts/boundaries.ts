import { existsSync } from 'node:fs';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType, type IViolation } from 'dependency-cruiser';

/**
 * The layers of the tree and what each may import (docs/architecture.md):
 * - product code (contract/, server/, web/src/) never imports test code (test/, e2e/, *.test.ts, *.e2e.ts);
 * - contract/ is shared by both sides and imports neither;
 * - the server never imports the web client, nor the web client the server;
 * - platform code (server/db, http, identity, jobs, mail, media, security; web/src/shared) imports no feature,
 *   and on the server neither it nor deps.ts reaches server/modules/ through any chain of imports;
 * - a feature reaches another feature only through that feature's index.ts;
 * - no feature or platform code imports what builds the app: the server's entries, runtime, app and
 *   features' list, or the web's shell;
 * - no file takes part in an import circle, type-only imports included: a type that goes round in a circle
 *   ties the files as tightly for a reader as a value does;
 * - every relative or aliased import resolves, so that an alias the checker cannot follow is not a rule
 *   silently passed.
 * The composition roots (server/*.ts, server/modules/index.ts, web/src/app/, web/src/main.tsx) may import anything.
 * Tests, browser tests, benches and scripts are outside the layer rules (they drive the product from outside),
 * but not outside the rule against circles.
 * Imports are read by dependency-cruiser's parser (swc: the project's TypeScript 7 has no compiler API), so an
 * import written in a comment or a string is not one.
 */
const testCode = '\\.(test|e2e)\\.tsx?$|^(test|e2e|bench|scripts)/';
const productCode = '^(contract|server|web/src)/';
const serverPlatform = '^server/(db|http|identity|jobs|mail|media|security)/';

const boundaryRules: IForbiddenRuleType[] = [
  {
    name: 'no-test-code-in-product',
    comment: 'product code never imports test code',
    from: { path: productCode, pathNot: testCode },
    to: { path: '^(test|e2e)/|\\.(test|e2e)\\.tsx?$' },
  },
  {
    name: 'contract-imports-neither-side',
    comment: 'the contract imports neither server nor web',
    from: { path: '^contract/', pathNot: testCode },
    to: { path: '^(server|web/src)/' },
  },
  {
    name: 'server-never-imports-web',
    comment: 'server code never imports web code',
    from: { path: '^server/', pathNot: testCode },
    to: { path: '^web/src/' },
  },
  {
    name: 'web-never-imports-server',
    comment: 'web code never imports server code',
    from: { path: '^web/src/', pathNot: testCode },
    to: { path: '^server/' },
  },
  {
    name: 'server-platform-reaches-no-feature',
    comment: 'platform code and deps.ts reach no feature, directly or through other files',
    from: { path: `${serverPlatform}|^server/deps\\.ts$`, pathNot: testCode },
    to: { path: '^server/modules/', reachable: true },
  },
  {
    name: 'web-platform-imports-no-feature',
    comment: 'platform code imports no feature',
    from: { path: '^web/src/shared/', pathNot: testCode },
    to: { path: '^web/src/features/' },
  },
  {
    name: 'server-feature-through-index',
    comment: 'a feature reaches another feature only through its index.ts',
    from: { path: '^server/modules/([^/]+)/', pathNot: testCode },
    to: {
      path: '^server/modules/[^/]+/',
      pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/index\\.ts$'],
    },
  },
  {
    name: 'web-feature-through-index',
    comment: 'a feature reaches another feature only through its index',
    from: { path: '^web/src/features/([^/]+)/', pathNot: testCode },
    to: {
      path: '^web/src/features/[^/]+/',
      pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.tsx?$'],
    },
  },
  {
    name: 'server-one-root',
    comment: 'a feature or platform code never imports what builds the app (one root)',
    from: { path: `${serverPlatform}|^server/modules/[^/]+/`, pathNot: testCode },
    to: { path: '^server/(main|worker|runtime|app)\\.ts$|^server/modules/index\\.ts$' },
  },
  {
    name: 'web-app-shell',
    comment: 'a feature or shared code never imports the app shell',
    from: { path: '^web/src/(features/[^/]+|shared)/', pathNot: testCode },
    to: { path: '^web/src/', pathNot: '^web/src/(features/[^/]+|shared)/' },
  },
  {
    name: 'no-circle',
    comment: 'files import each other in a circle',
    from: {},
    to: { circular: true },
  },
  {
    name: 'local-import-resolves',
    comment: 'a relative or aliased import that does not resolve',
    from: {},
    to: { couldNotResolve: true, path: '^[.#]' },
  },
];

/** The folders read: every file in them, and whatever their imports reach outside node_modules. */
const cruisedFolders = ['contract', 'server', 'web', 'test', 'e2e', 'bench', 'scripts'];

export interface Violation {
  rule: string;
  /** The files in the order the imports go: one step, a chain into a feature, or a circle back to its start. */
  chain: string[];
}

/** One line a reader can follow: the files in import order, then the rule. */
export const describeViolation = ({ rule, chain }: Violation) => `${chain.join(' → ')}: ${rule}`;

const ruleComments = new Map(boundaryRules.map((rule) => [rule.name, rule.comment ?? rule.name]));

/** A circle is reported once, from whichever of its files sorts first, however many of them dependency-cruiser names. */
const circleFrom = (violation: IViolation): string[] => {
  const files = [violation.from, ...(violation.cycle ?? []).map((step) => step.name)].slice(0, -1);
  const start = files.indexOf([...files].sort()[0]!);
  const rotated = [...files.slice(start), ...files.slice(0, start)];
  return [...rotated, rotated[0]!];
};

/** A reached feature is reported at the first feature file on the way, not once for every file behind it. */
const chainIntoFeature = (violation: IViolation): string[] => {
  const steps = (violation.via ?? []).map((step) => step.name);
  const door = steps.findIndex((file) => file.startsWith('server/modules/'));
  return [violation.from, ...steps.slice(0, door + 1)];
};

const chainOf = (violation: IViolation): string[] => {
  if (violation.cycle) return circleFrom(violation);
  if (violation.type === 'reachability') return chainIntoFeature(violation);
  return [violation.from, violation.to];
};

/** Every boundary the files under `root` cross, read by dependency-cruiser; each one once. */
export const findViolations = async (root: string): Promise<Violation[]> => {
  const { output } = await cruise(
    cruisedFolders.filter((folder) => existsSync(path.join(root, folder))),
    {
      baseDir: root,
      parser: 'swc',
      tsPreCompilationDeps: true,
      moduleSystems: ['es6'],
      exclude: { path: '(^|/)(node_modules|dist|data)/' },
      doNotFollow: { path: 'node_modules' },
      validate: true,
      ruleSet: { forbidden: boundaryRules },
    },
    { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  );
  const found = new Map<string, Violation>();
  for (const violation of (output as ICruiseResult).summary.violations) {
    const reported = {
      rule: ruleComments.get(violation.rule.name) ?? violation.rule.name,
      chain: chainOf(violation),
    };
    found.set(describeViolation(reported), reported);
  }
  return [...found.values()];
};
