import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { readOutbox } from '#test/outbox.ts';
import { newUserDetails, signUp, type UserDetails } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';
import { storeSession } from './browser-session.ts';

/**
 * How long a test waits for real work on the server (an upload saved, a video rendered): on 2 cores
 * shared with two other browser test files, ffmpeg and the queue, it can take minutes.
 */
export const SERVER_WORK_TIMEOUT = 180_000;
export const baseURL = () => inject('baseURL');

/**
 * A public page arrives painted by the server and comes alive when the app has rendered in its place
 * (server/http/page-shells.ts); until then a button does nothing. Tests act on the app, so a
 * navigation by `goto` or `reload` returns once React has rendered the page (its elements carry React's
 * fiber), or at once for a page the server did not pre-render.
 */
const waitingForTheApp = (page: Page) => {
  const appRendered = () =>
    page.waitForFunction(() => {
      const root = document.getElementById('root');
      if (!root || !document.querySelector('script[data-after-first-paint]')) return true;
      return Object.keys(root.firstElementChild ?? {}).some((key) => key.startsWith('__reactFiber'));
    });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await appRendered();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await appRendered();
    return response;
  };
  return page;
};

/** Connects this test file to the run's shared browser; each test opens its own context. */
export const useBrowser = () => {
  const state: { browser: Browser | null } = { browser: null };
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    state.browser = await chromium.connect(inject('wsEndpoint'));
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await state.browser?.close();
  });
  return {
    /**
     * A fresh page (own cookies and storage) at the given viewport width. `serviceWorkers: 'block'` is a
     * first visit whose app is not installed yet, so nothing comes from the service worker's cache.
     */
    newPage: async (
      options: { width?: number; height?: number; serviceWorkers?: 'allow' | 'block' } = {},
    ): Promise<Page> => {
      const context = await state.browser!.newContext({
        baseURL: baseURL(),
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
        serviceWorkers: options.serviceWorkers ?? 'allow',
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      return waitingForTheApp(page);
    },
  };
};

/** Signs up through the API and stores the session in the page: for tests that only need a pilgrim. */
export const signUpAndSignIn = async (page: Page, user: UserDetails = newUserDetails()) => {
  const session = await signUp(baseURL(), user);
  await storeSession(page, '/faq', session);
  return { user, access: session.access };
};

/** Messages the app wrote to its outbox for this address, newest last. */
export const outboxFor = async (email: string) =>
  (await readOutbox(path.join(inject('dataDir'), 'outbox'))).filter(
    (message) => message.to.toLowerCase() === email.toLowerCase(),
  );

export const waitForEmail = async (email: string, subject: RegExp, timeoutMs = 15_000) => {
  const found = await waitFor(
    async () => (await outboxFor(email)).filter((message) => subject.test(message.subject)).at(-1),
    (message) => message !== undefined,
    timeoutMs,
  );
  return found!;
};

/** axe must find no serious or critical violation on the page as it stands. */
export const expectAccessible = async (page: Page) => {
  // A toast fading in has the contrast of its current opacity, and one may start to appear while axe
  // reads the page: judge every element as it looks once its transition has ended.
  const settled = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const results = await new AxeBuilder({ page }).analyze();
  await settled.evaluate((style) => (style as HTMLStyleElement).remove());
  const blocking = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(
    blocking.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
};

/**
 * Chooses a file made inside the browser, as if picked in the file dialog. Large files are made
 * this way because sending many megabytes to the shared browser is slow on a busy machine.
 */
export const chooseFileOfSize = (input: Locator, name: string, type: string, size: number) =>
  input.evaluate(
    (element, file) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(file.size)], file.name, { type: file.type }));
      (element as HTMLInputElement).files = transfer.files;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    },
    { name, type, size },
  );
