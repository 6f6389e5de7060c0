import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, spawnQuiet, waitForOk } from '#test/app-process.ts';
import { type BenchRow, type BenchSection, formatKb, formatMs, loadAverage, median } from './section.ts';

const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * The goal is the median of 3 runs on every page. While iterating, one page and one run will do:
 * FIRST_SCREEN_PAGES=/donate FIRST_SCREEN_RUNS=1; FIRST_SCREEN_BUILT=dist/web measures an existing
 * build instead of building afresh.
 */
const RUNS = Number(process.env.FIRST_SCREEN_RUNS ?? 3);

/** The pages a first visit lands on; /soul-story signed out is measured where it sends the visitor. */
const pages = process.env.FIRST_SCREEN_PAGES?.split(',') ?? [
  '/',
  '/blog',
  '/donate',
  '/soul-story',
  '/about',
];
const existingBuild = process.env.FIRST_SCREEN_BUILT;

/** Chromium with a debugging port for Lighthouse to drive, started the way Lighthouse's own launcher would. */
const launchChromium = async () => {
  const profile = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-lighthouse-'));
  const child: ChildProcess = spawn(
    chromePath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error(`chromium exited:\n${output}`)));
  });
  const close = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(profile, { recursive: true, force: true });
  };
  return { port, close };
};

interface PageFigures {
  performance: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  failing: string[];
  lcpElement: string;
}

/** The selector of the element Lighthouse took as the largest paint, so a change can aim at it. */
const lcpElementOf = (details: unknown) => {
  const found = JSON.stringify(details ?? {}).match(/"selector":"([^"]*)"/);
  return found?.[1] ?? '-';
};

const audit = async (url: string, port: number): Promise<PageFigures> => {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failing = ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}:${ref.id}`),
  );
  return {
    performance: score('performance'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbt: numeric('total-blocking-time'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    failing,
    lcpElement: lcpElementOf(audits['lcp-breakdown-insight']?.details),
  };
};

const isBackgroundVideo = (url: string) => /\/static\/videos\/ambient\./.test(url);

/** What a 390 px phone downloads for `/`, as the browser counts it on the wire. */
const wireBytes = async (baseURL: string) => {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const requests = new Map<string, { url: string; type: string; order: number; bytes: number }>();
    let order = 0;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!requests.has(event.requestId))
        requests.set(event.requestId, {
          url: event.request.url,
          type: event.type ?? 'Other',
          order: order++,
          bytes: 0,
        });
    });
    const finish = (requestId: string, bytes: number) => {
      const request = requests.get(requestId);
      if (request) request.bytes = bytes;
    };
    cdp.on('Network.loadingFinished', (event) => finish(event.requestId, event.encodedDataLength));
    cdp.on('Network.dataReceived', (event) => {
      // A video is streamed and may never finish; count what arrived.
      const request = requests.get(event.requestId);
      if (request && isBackgroundVideo(request.url)) request.bytes += event.encodedDataLength;
    });
    await page.goto(`${baseURL}/`, { waitUntil: 'load' });
    await page.waitForTimeout(5000);
    const all = [...requests.values()];
    const videoOrder = Math.min(
      ...all.filter((request) => isBackgroundVideo(request.url)).map((r) => r.order),
    );
    const sum = (list: typeof all) => list.reduce((total, request) => total + request.bytes, 0);
    return {
      javaScript: sum(all.filter((request) => request.type === 'Script')),
      javaScriptFiles: all.filter((request) => request.type === 'Script').length,
      css: sum(all.filter((request) => request.type === 'Stylesheet')),
      fonts: sum(all.filter((request) => request.type === 'Font')),
      beforeVideo: sum(all.filter((request) => request.order < videoOrder)),
      videoRequested: Number.isFinite(videoOrder),
      total: sum(all),
    };
  } finally {
    await browser.close();
  }
};

const section: BenchSection = {
  name: 'First screen',
  run: async () => {
    const webDist = existingBuild
      ? path.resolve(root, existingBuild)
      : mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-bench-web-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-bench-data-'));
    if (!existingBuild) {
      const buildEnv = { ...process.env, WEB_DIST_DIR: webDist };
      execFileSync(
        process.execPath,
        [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
        { cwd: root, env: buildEnv },
      );
      execFileSync(process.execPath, [path.join(root, 'scripts/compress-build.ts')], {
        cwd: root,
        env: buildEnv,
      });
    }

    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const server = spawnQuiet(process.execPath, [path.join(root, 'server/main.ts')], {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000000',
    });
    const rows: BenchRow[] = [];
    try {
      await waitForOk(`${baseURL}/readyz`);
      const chrome = await launchChromium();
      try {
        for (const page of pages) {
          const runs: PageFigures[] = [];
          const loads: string[] = [];
          for (let run = 0; run < RUNS; run++) {
            loads.push(loadAverage());
            runs.push(await audit(`${baseURL}${page}`, chrome.port));
          }
          const of = (key: keyof Omit<PageFigures, 'failing' | 'lcpElement'>) =>
            median(runs.map((figures) => figures[key]));
          rows.push(
            { metric: `${page} performance`, value: String(of('performance')), goal: '≥ 95' },
            { metric: `${page} FCP`, value: formatMs(of('fcp')) },
            { metric: `${page} LCP`, value: formatMs(of('lcp')), goal: '≤ 2000 ms' },
            { metric: `${page} CLS`, value: of('cls').toFixed(3), goal: '≤ 0.05' },
            { metric: `${page} TBT`, value: formatMs(of('tbt')), goal: '≤ 100 ms' },
            { metric: `${page} accessibility`, value: String(of('accessibility')), goal: '100' },
            { metric: `${page} best practices`, value: String(of('bestPractices')), goal: '100' },
            { metric: `${page} SEO`, value: String(of('seo')), goal: '100' },
            {
              metric: `${page} failing audits`,
              value: [...new Set(runs.flatMap((r) => r.failing))].join(' ') || '-',
            },
            { metric: `${page} LCP element`, value: [...new Set(runs.map((r) => r.lcpElement))].join(' | ') },
            { metric: `${page} load average per run`, value: loads.join(' | ') },
          );
        }
      } finally {
        await chrome.close();
      }
      const wire = await wireBytes(baseURL);
      rows.push(
        { metric: '/ at 390 px JavaScript', value: formatKb(wire.javaScript), goal: '≤ 150 KB' },
        { metric: '/ at 390 px JavaScript files', value: String(wire.javaScriptFiles) },
        { metric: '/ at 390 px CSS', value: formatKb(wire.css) },
        { metric: '/ at 390 px fonts', value: formatKb(wire.fonts) },
        {
          metric: '/ at 390 px before the background video',
          value: wire.videoRequested ? formatKb(wire.beforeVideo) : `${formatKb(wire.total)} (no video)`,
          goal: '≤ 350 KB',
        },
        { metric: 'load average at the end', value: loadAverage() },
      );
    } finally {
      await server.stop();
      if (!existingBuild) rmSync(webDist, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
    return rows;
  },
};

export default section;
