import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { browserTestServer } from '#test/app-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    wsEndpoint: string;
    dataDir: string;
  }
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

/** One app server and one browser for every browser test file of the run. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-e2e-'));
  const app = await browserTestServer(dataDir);
  await app.start();

  const browserServer = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });

  project.provide('baseURL', app.baseURL);
  project.provide('wsEndpoint', browserServer.wsEndpoint());
  project.provide('dataDir', dataDir);

  return async () => {
    await browserServer.close();
    await app.stop();
    if (process.env.E2E_SHOW_SERVER_LOG) console.info(app.output());
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  };
}
