import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, spawnQuiet, waitForOk } from '#test/app-process.ts';
import { type BenchRow, type BenchSection, formatMs, median } from './section.ts';

/**
 * What one request costs the app beside a bare Fastify route, both as their own processes on this
 * machine: each round measures the app's route and then the bare route, so a neighbour's load falls on
 * both alike, and the ratio of the two is what is compared. The median of the rounds is reported.
 * The posts listed are the reflections a new installation starts with.
 */
const ROUNDS = 3;
const CONNECTIONS = 100;
const SECONDS = 5;
const POSTGRES_SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const bareFastify = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/hello', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

interface Measure {
  requestsPerSecond: number;
  p99: number;
}

const load = async (url: string, duration = SECONDS): Promise<Measure> => {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  if (result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} requests with an error`);
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99 };
};

const withServerDatabase = async <T>(use: (url: string) => Promise<T>) => {
  const name = `pilgrim_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_SERVER });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_SERVER);
  url.pathname = `/${name}`;
  try {
    return await use(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
};

/** The app as `npm start` runs it, at its usual log level, on a fresh data folder. */
const startApp = async (settings: Record<string, string>) => {
  const port = await freePort();
  const app = spawnQuiet(process.execPath, ['server/main.ts'], {
    ...settings,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  await waitForOk(`http://127.0.0.1:${port}/readyz`);
  return { origin: `http://127.0.0.1:${port}`, stop: app.stop };
};

const startBare = async () => {
  const port = await freePort();
  const bare = spawnQuiet(process.execPath, ['--input-type=module', '-e', bareFastify], {
    PORT: String(port),
  });
  const url = `http://127.0.0.1:${port}/hello`;
  await waitForOk(url);
  return { url, stop: bare.stop };
};

/** Alternates the app's route with the bare one, round by round, after a short warm-up of each. */
const compare = async (label: string, url: string, bareUrl: string): Promise<BenchRow[]> => {
  await load(url, 1);
  await load(bareUrl, 1);
  const app: Measure[] = [];
  const bare: Measure[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    app.push(await load(url));
    bare.push(await load(bareUrl));
  }
  const ratios = app.map((measure, round) => measure.requestsPerSecond / bare[round]!.requestsPerSecond);
  const requestsPerSecond = median(app.map((measure) => measure.requestsPerSecond));
  return [
    { metric: `${label} throughput`, value: `${requestsPerSecond.toFixed(0)} req/s` },
    {
      metric: `${label} bare route beside it`,
      value: `${median(bare.map((measure) => measure.requestsPerSecond)).toFixed(0)} req/s`,
    },
    {
      metric: `${label} share of the bare route`,
      value: `${(median(ratios) * 100).toFixed(1)} %`,
      goal: label.startsWith('GET /healthz') ? '≥ 60 %' : label.includes('PostgreSQL') ? '≥ 30 %' : '≥ 10 %',
    },
    {
      metric: `${label} p99`,
      value: formatMs(median(app.map((measure) => measure.p99))),
      ...(label.includes('PostgreSQL') ? { goal: '≤ 25 ms' } : {}),
    },
    // What a busy machine adds to every process's p99, the bare route's included.
    { metric: `${label} bare route p99`, value: formatMs(median(bare.map((measure) => measure.p99))) },
  ];
};

const section: BenchSection = {
  name: 'Request cost',
  run: async () => {
    const bare = await startBare();
    const rows: BenchRow[] = [];
    try {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-bench-cost-'));
      try {
        const app = await startApp({ DATA_DIR: dataDir });
        try {
          rows.push(...(await compare('GET /healthz', `${app.origin}/healthz`, bare.url)));
          rows.push(...(await compare('GET /api/posts/ (PGlite)', `${app.origin}/api/posts/`, bare.url)));
        } finally {
          await app.stop();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }

      await withServerDatabase(async (databaseUrl) => {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-bench-cost-'));
        try {
          const settings = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
          const app = await startApp(settings);
          try {
            rows.push(
              ...(await compare('GET /api/posts/ (PostgreSQL)', `${app.origin}/api/posts/`, bare.url)),
            );
          } finally {
            await app.stop();
          }
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      });
    } finally {
      await bare.stop();
    }
    return rows;
  },
};

export default section;
