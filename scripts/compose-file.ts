import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { parse } from 'yaml';

/**
 * The Compose Specification's JSON schema, the one `docker compose` (compose-go) checks a file against,
 * as dclint ships it. Read by path: the package exports only its linter.
 */
const { $schema: _draft07, ...composeSchema } = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../schemas/compose.schema.json', import.meta.resolve('dclint'))),
    'utf8',
  ),
);
// Ajv's default is draft-07, which the schema names by an address Ajv does not know it by, hence no `$schema`.
const validate = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true }).compile(composeSchema);

type Env = Record<string, string | undefined>;

/** `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`, `${NAME?error}`, `${NAME:+other}`, `$NAME`; `$$` is a `$`. */
const variable =
  /\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])((?:[^{}]|\{[^{}]*\})*))?\}|([A-Za-z_][A-Za-z0-9_]*)|(\{[^}]*\}?))/g;

/** Substitutes variables in every string of the file as `docker compose` does, noting the required ones unset. */
const interpolate = (value: unknown, env: Env, problems: Set<string>, at: string): unknown => {
  if (typeof value === 'string')
    return value.replace(variable, (whole, braced, colon, operator, argument, bare, malformed) => {
      if (whole === '$$') return '$';
      if (malformed !== undefined) {
        problems.add(`${at}: invalid interpolation format "${whole}"`);
        return '';
      }
      const name = braced ?? bare;
      const set = env[name] !== undefined && (colon !== ':' || env[name] !== '');
      if (operator === '-') return set ? env[name]! : argument;
      if (operator === '+') return set ? argument : '';
      if (operator === '?' && !set) problems.add(`required variable ${name} is missing: ${argument}`);
      return env[name] ?? '';
    });
  if (Array.isArray(value))
    return value.map((item, index) => interpolate(item, env, problems, `${at}[${index}]`));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolate(item, env, problems, `${at}.${key}`)]),
    );
  return value;
};

interface Service {
  depends_on?: string[] | Record<string, unknown>;
  networks?: string[] | Record<string, unknown>;
  volumes?: (string | { type?: string; source?: string })[];
  env_file?: (string | { path: string; required?: boolean })[] | string;
}

interface ComposeModel {
  services?: Record<string, Service>;
  networks?: Record<string, unknown>;
  volumes?: Record<string, unknown>;
}

const names = (list: string[] | Record<string, unknown> | undefined) =>
  Array.isArray(list) ? list : Object.keys(list ?? {});

/** A volume's source that names a top-level volume rather than a path on the host. */
const namedVolume = (volume: string | { type?: string; source?: string }) => {
  const source =
    typeof volume === 'string' ? (volume.includes(':') ? volume.split(':')[0] : undefined) : volume.source;
  if (typeof volume !== 'string' && volume.type !== undefined && volume.type !== 'volume') return undefined;
  return source && !/^[./~]/.test(source) ? source : undefined;
};

/** What `docker compose config` checks once the file matches the schema: every name a service uses is defined. */
const undefinedReferences = (model: ComposeModel, folder: string) => {
  const problems: string[] = [];
  const services = model.services ?? {};
  for (const [name, service] of Object.entries(services)) {
    for (const dependency of names(service.depends_on))
      if (!(dependency in services))
        problems.push(`service "${name}" depends on undefined service "${dependency}"`);
    for (const network of names(service.networks))
      if (network !== 'default' && !(network in (model.networks ?? {})))
        problems.push(`service "${name}" refers to undefined network "${network}"`);
    for (const volume of service.volumes ?? []) {
      const source = namedVolume(volume);
      if (source && !(source in (model.volumes ?? {})))
        problems.push(`service "${name}" refers to undefined volume "${source}"`);
    }
    const envFiles = typeof service.env_file === 'string' ? [service.env_file] : (service.env_file ?? []);
    for (const envFile of envFiles) {
      const file = typeof envFile === 'string' ? { path: envFile, required: true } : envFile;
      if (file.required !== false && !existsSync(path.resolve(folder, file.path)))
        problems.push(`service "${name}" needs env file "${file.path}", which does not exist`);
    }
  }
  return problems;
};

/**
 * What is wrong with a compose file, as `docker compose config` would refuse it: YAML (anchors and merge
 * keys included), variables substituted from `env`, the Compose Specification's schema, and names used but
 * never defined. Empty when the file is fine.
 */
export const composeFileProblems = (file: string, env: Env): string[] => {
  let raw: unknown;
  try {
    raw = parse(readFileSync(file, 'utf8'), { merge: true });
  } catch (error) {
    return [`not valid YAML: ${(error as Error).message}`];
  }
  const problems = new Set<string>();
  const model = interpolate(raw, env, problems, '') as ComposeModel;
  if (problems.size > 0) return [...problems];
  if (!validate(model))
    return (validate.errors ?? []).map(
      (error) =>
        `${error.instancePath || '/'} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
    );
  return undefinedReferences(model, path.dirname(file));
};
