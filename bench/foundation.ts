import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { freePort, rssBytes, spawnQuiet, waitForOk } from '#test/app-process.ts';
import { type BenchSection, formatKb, formatMb, formatMs } from './section.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/web');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

/** The JavaScript a first visit to / downloads: the entry, its static imports, and the home page's chunk. */
const homeRouteJavaScript = () => {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  );
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  visit('src/features/home/HomePage.tsx');
  let gzipped = 0;
  for (const file of files) gzipped += gzipSync(readFileSync(path.join(dist, file))).length;
  return { gzipped, files: files.size };
};

const throughput = async (url: string) => {
  const result = await autocannon({ url, connections: 20, duration: 5 });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99 };
};

const bareFastify = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/hello', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

const section: BenchSection = {
  name: 'Foundation',
  run: async () => {
    execFileSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
      {
        cwd: root,
      },
    );
    const home = homeRouteJavaScript();

    const dataDir = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-bench-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    const firstRun = spawnQuiet('npm', ['start'], env);
    const firstStartMs = await waitForOk(`http://127.0.0.1:${port}/readyz`);
    await firstRun.stop();

    const coldRun = spawnQuiet('npm', ['start'], env);
    const coldStartMs = await waitForOk(`http://127.0.0.1:${port}/readyz`);
    await coldRun.stop();

    const server = spawnQuiet(process.execPath, ['server/main.ts'], env);
    await waitForOk(`http://127.0.0.1:${port}/readyz`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleRss = rssBytes(server.child.pid!);
    const health = await throughput(`http://127.0.0.1:${port}/healthz`);
    await server.stop();

    const barePort = await freePort();
    const bare = spawnQuiet(process.execPath, ['--input-type=module', '-e', bareFastify], {
      PORT: String(barePort),
    });
    await waitForOk(`http://127.0.0.1:${barePort}/hello`);
    const hello = await throughput(`http://127.0.0.1:${barePort}/hello`);
    await bare.stop();

    return [
      { metric: 'home route JavaScript (gzip)', value: formatKb(home.gzipped), goal: '≤ 150 KB' },
      { metric: 'home route JavaScript files', value: String(home.files) },
      { metric: 'first start, new data folder', value: formatMs(firstStartMs) },
      { metric: 'cold start of npm start, existing data', value: formatMs(coldStartMs) },
      { metric: 'idle server RSS', value: formatMb(idleRss) },
      { metric: 'GET /healthz throughput', value: `${health.requestsPerSecond.toFixed(0)} req/s` },
      { metric: 'GET /healthz p99', value: formatMs(health.p99) },
      { metric: 'bare Fastify hello throughput', value: `${hello.requestsPerSecond.toFixed(0)} req/s` },
      { metric: 'bare Fastify hello p99', value: formatMs(hello.p99) },
    ];
  },
};

export default section;
