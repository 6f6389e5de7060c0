import path from 'node:path';

/**
 * The layers of the tree and what each may import (docs/architecture.md):
 * - product code (contract/, server/, web/src/) never imports test code (test/, e2e/);
 * - contract/ is shared by both sides and imports neither;
 * - the server never imports the web client, nor the web client the server;
 * - platform code (server/db, http, identity, jobs, mail, media, security; web/src/shared) imports no feature;
 * - a feature reaches another feature only through that feature's index.ts;
 * - no feature or platform code imports what builds the app: the server's entries, runtime, app and
 *   features' list, or the web's shell.
 * The composition roots (server/*.ts, server/modules/index.ts, web/src/app/, web/src/main.tsx) may import anything.
 * Tests, browser tests, benches and scripts are outside the rules: they drive the product from outside.
 */
export interface Violation {
  file: string;
  imports: string;
  rule: string;
}

const specifierPatterns = [
  /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** The path aliases of package.json's "imports", as root-relative folders. */
const aliases: Record<string, string> = {
  '#contract/': 'contract/',
  '#server/': 'server/',
  '#web/': 'web/src/',
  '#test/': 'test/',
};

/** The relative and aliased specifiers a source file imports or re-exports. */
export const importedPaths = (source: string): string[] => {
  const found = new Set<string>();
  for (const pattern of specifierPatterns) {
    for (const match of source.matchAll(pattern)) {
      const specifier = match[1]!;
      if (specifier.startsWith('.') || specifier.startsWith('#')) found.add(specifier);
    }
  }
  return [...found];
};

/** The root-relative path a specifier names, from the file that imports it. */
export const resolveSpecifier = (file: string, specifier: string): string => {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  if (alias) return aliases[alias] + specifier.slice(alias.length);
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
};

const isTestFile = (file: string) =>
  /\.(test|e2e)\.tsx?$/.test(file) || /^(test|e2e|bench|scripts)\//.test(file);

const platformFolders = ['db', 'http', 'identity', 'jobs', 'mail', 'media', 'security'];

/** The server's root files that build the app; the others (deps.ts, config.ts, start.ts) only describe parts. */
const serverBuilders = new Set([
  'server/main.ts',
  'server/worker.ts',
  'server/runtime.ts',
  'server/app.ts',
  'server/modules/index.ts',
]);

type Place =
  | { side: 'contract' }
  | { side: 'server' | 'web'; kind: 'root' | 'platform' }
  | { side: 'server' | 'web'; kind: 'feature'; feature: string; entry: boolean }
  | { side: 'other' };

export const placeOf = (file: string): Place => {
  const parts = file.split('/');
  if (parts[0] === 'contract') return { side: 'contract' };
  if (parts[0] === 'server') {
    if (parts[1] === 'modules' && parts.length > 3)
      return {
        side: 'server',
        kind: 'feature',
        feature: parts[2]!,
        entry: parts.length === 4 && parts[3] === 'index.ts',
      };
    if (platformFolders.includes(parts[1]!)) return { side: 'server', kind: 'platform' };
    return { side: 'server', kind: 'root' };
  }
  if (parts[0] === 'web' && parts[1] === 'src') {
    if (parts[2] === 'features' && parts.length > 4)
      return {
        side: 'web',
        kind: 'feature',
        feature: parts[3]!,
        entry: parts.length === 5 && /^index\.tsx?$/.test(parts[4]!),
      };
    if (parts[2] === 'shared') return { side: 'web', kind: 'platform' };
    return { side: 'web', kind: 'root' };
  }
  return { side: 'other' };
};

/** Why importing `target` from `file` crosses a boundary, or null when it may. Paths are relative to the root. */
export const ruleBroken = (file: string, target: string): string | null => {
  if (isTestFile(file)) return null;
  const from = placeOf(file);
  const to = placeOf(target);
  if (from.side === 'other') return null;
  if (/^(test|e2e)\//.test(target)) return 'product code never imports test code';
  if (from.side === 'contract')
    return to.side === 'contract' || to.side === 'other'
      ? null
      : 'the contract imports neither server nor web';
  if (to.side === 'server' || to.side === 'web') {
    if (to.side !== from.side) return `${from.side} code never imports ${to.side} code`;
    if (from.kind === 'platform' && to.kind === 'feature') return 'platform code imports no feature';
    if (from.kind === 'feature' && to.kind === 'feature' && to.feature !== from.feature && !to.entry)
      return `a feature reaches another feature only through its index (${to.feature})`;
    if (from.kind !== 'root' && to.kind === 'root' && from.side === 'web')
      return 'a feature or shared code never imports the app shell';
    if (from.kind !== 'root' && serverBuilders.has(target))
      return 'a feature or platform code never imports what builds the app (one root)';
  }
  return null;
};

/** Every import across a boundary in the given files (root-relative path → source text). */
export const findViolations = (files: Map<string, string>): Violation[] => {
  const violations: Violation[] = [];
  for (const [file, source] of files) {
    for (const specifier of importedPaths(source)) {
      const target = resolveSpecifier(file, specifier);
      const rule = ruleBroken(file, target);
      if (rule) violations.push({ file, imports: target, rule });
    }
  }
  return violations;
};
