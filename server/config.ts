import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { randomToken, type Secrets } from './security/signed-tokens.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const optionalUrl = z.url().optional();

/** A setting left empty (`S3_ENDPOINT=`) is one not given. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** An address or range a proxy may speak from: an IP, a CIDR (or address/netmask), or proxy-addr's named ranges. */
const isProxyAddress = (entry: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d+$/.test(prefix)) return Number(prefix) <= (version === 4 ? 32 : 128);
  return isIP(prefix) === version;
};

/**
 * Whose word to take for the client's address (X-Forwarded-For): nobody (off: the socket's peer is the
 * client), the proxies at these addresses, or this many proxies in front of the app.
 */
const trustProxy = z
  .string()
  .trim()
  .default('off')
  .transform((value, context): false | number | string[] => {
    if (['', 'off', 'false', 'no', '0'].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.find((entry) => !isProxyAddress(entry));
    if (wrong !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `'${wrong}' is not a proxy address; give off, a hop count, or addresses and CIDRs such as 127.0.0.1,10.0.0.0/8 (trusting everyone would let any client choose its address)`,
      });
      return z.NEVER;
    }
    return entries;
  });

const aSecret = z.string().min(32, 'SECRET must be at least 32 characters (each, when comma-separated)');

/** Every setting the app reads, in one place. Environment variable names match the keys. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Prometheus metrics at /metrics on this port of their own, never the public one; unset, none are served. */
  METRICS_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  // The loopback unless told: a Prometheus elsewhere is given the network's address on purpose.
  METRICS_HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  RUN_MODE: z.enum(['all', 'web', 'worker']).default('all'),
  /** How long requests running at SIGTERM may take to finish before they are cut off. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(25),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The share of successful, quick requests logged; every failed or slow one is logged whatever this says. */
  LOG_REQUEST_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.01),
  /** A request taking this long is logged as slow (warn), whatever its status. */
  SLOW_REQUEST_MS: z.coerce.number().positive().default(1000),
  // Several, comma-separated, while rotating: the first signs, every one is still accepted.
  SECRET: z
    .string()
    .transform((value) => value.split(','))
    .pipe(z.tuple([aSecret], aSecret))
    .optional(),
  // A day: spec clients never refresh; logout and password resets still end a token at once (decision 011).
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().positive().default(60),
  TRUST_PROXY: trustProxy,
  // The sign-in rules of server/http/rate-limit-rules.ts take their numbers from here (decision 006).
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  AUTH_RATE_LIMIT_ACCOUNT_CEILING: z.coerce.number().int().positive().default(100),
  AUTH_RATE_LIMIT_CEILING_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60),
  AUTH_RATE_LIMIT_RESET_EMAILS: z.coerce.number().int().positive().default(5),
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(6 * 60 * 60),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Other origins (scheme, host and port) whose pages may call /api/* with a bearer token. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim().replace(/\/$/, ''))
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'CORS_ORIGINS must be origins such as https://app.example.org' }))),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Pilgrim Soul <hello@pilgrimsoul.local>'),
  TEAM_EMAIL: z.email().default('team@pilgrimsoul.local'),
  /** Media go to this S3 bucket instead of DATA_DIR/media when it is set. */
  S3_BUCKET: optionalText,
  /** Another S3-compatible service's address (MinIO, R2, Spaces); empty for AWS itself. */
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  // Without keys the SDK's own chain answers (instance role, AWS_* variables, shared profile).
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Bucket in the path (`endpoint/bucket/key`), as most S3-compatible services outside AWS want. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  /** How many ffmpeg renders one process runs at once; the others wait their turn (decision 026). */
  RENDER_CONCURRENCY: z.coerce.number().int().positive().default(availableParallelism()),
  /** How many takes one process renders live as they are recorded; a take past it waits for the normalise job. */
  LIVE_RENDER_LIMIT: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(2 * availableParallelism()),
  ASSETS_DIR: z.string().optional(),
  WEB_DIST_DIR: z.string().default('dist/web'),
  LLM_PROVIDER: z.enum(['offline', 'openai', 'huggingface']).default('offline'),
  LLM_BASE_URL: optionalUrl,
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  LLM_API_KEY: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** An OpenAI-compatible transcription server (`…/v1`) that drafts takes' captions; unset, none are drafted. */
  TRANSCRIBE_BASE_URL: optionalText.pipe(z.url().optional()),
  TRANSCRIBE_MODEL: z.string().default('whisper-1'),
  TRANSCRIBE_API_KEY: optionalText,
  VELA_TEACHER_NAME: z.string().default('Thich Nhat Hanh'),
  PAYMENTS_PROVIDER: z.enum(['test', 'stripe']).optional(),
  PAYMENTS_TEST_MODE_IN_PRODUCTION: booleanFromEnv.default(false),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: optionalUrl,
});

export type Config = Omit<z.infer<typeof configSchema>, 'SECRET'> & {
  /** Signs tokens and links: the first of `secrets`. */
  SECRET: string;
  /** Every secret a token or link is accepted from: SECRET, then those being rotated out. */
  secrets: Secrets;
  dataDir: string;
  mediaDir: string;
  /** Uploads being received and files being rendered; nothing in it outlives its request or job. */
  temporaryDir: string;
  /** Resumable uploads being received: kept across restarts (unlike tmp/) until finished or expired. */
  uploadsDir: string;
  outboxDir: string;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  payments: 'test' | 'stripe';
};

/**
 * The configuration as read at start. On PostgreSQL without SECRET the secrets are absent: every process
 * on that database shares one kept in it, which createRuntime reads once the database is open.
 */
export type LoadedConfig = Omit<Config, 'SECRET' | 'secrets'> &
  ({ SECRET: string; secrets: Secrets } | { SECRET?: undefined; secrets?: undefined });

export class ConfigError extends Error {}

const describeIssues = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || 'config'}: ${issue.message}`).join('; ');

/** The embedded database keeps a generated secret beside its data so tokens survive restarts. */
const readOrCreateSecret = (dataDir: string): string => {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomToken(48);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};

export const loadConfig = (env: Record<string, string | undefined> = process.env): LoadedConfig => {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${describeIssues(parsed.error)}`);
  const { SECRET: givenSecrets, ...values } = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  if (values.NODE_ENV === 'production' && !givenSecrets && values.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: SECRET is required in production with DATABASE_URL');
  }
  const payments = values.PAYMENTS_PROVIDER ?? (values.STRIPE_SECRET_KEY ? 'stripe' : 'test');
  if (payments === 'stripe' && !values.STRIPE_SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration: STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER=stripe',
    );
  }
  if (payments === 'test' && values.NODE_ENV === 'production' && !values.PAYMENTS_TEST_MODE_IN_PRODUCTION) {
    throw new ConfigError(
      'Invalid configuration: payments would run in test mode in production; set STRIPE_SECRET_KEY or PAYMENTS_TEST_MODE_IN_PRODUCTION=true',
    );
  }
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are given together or not at all',
    );
  }
  const secrets: Secrets | undefined =
    givenSecrets ?? (values.DATABASE_URL ? undefined : [readOrCreateSecret(dataDir)]);
  const loaded = {
    ...values,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    temporaryDir: path.join(dataDir, 'tmp'),
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    database: values.DATABASE_URL
      ? { kind: 'postgres', url: values.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'pglite') },
    payments,
  } satisfies LoadedConfig;
  return secrets ? { ...loaded, SECRET: secrets[0], secrets } : loaded;
};
