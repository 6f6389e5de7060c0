import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const baseURL = () => inject('baseURL');

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
    /** A fresh page (own cookies and storage) at the given viewport width. */
    newPage: async (options: { width?: number; height?: number } = {}): Promise<Page> => {
      const context = await state.browser!.newContext({
        baseURL: baseURL(),
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
  };
};

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

export const newUserDetails = (): TestUser => {
  const id = randomBytes(4).toString('hex');
  return { username: `pilgrim_${id}`, email: `pilgrim.${id}@example.com`, password: `camino-${id}-pass` };
};

/** Registers through the API and stores the session in the page, as the sign-in screen would. */
export const signUpAndSignIn = async (page: Page, user: TestUser = newUserDetails()) => {
  const response = await fetch(`${baseURL()}/api/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, nationality: 'ES' }),
  });
  expect(response.status).toBe(201);
  const tokens = (await response.json()) as { access: string; refresh: string; email: string };
  await page.goto('/faq');
  await page.evaluate(
    ({ tokens, user }) => {
      localStorage.setItem('token', tokens.access);
      localStorage.setItem('refreshToken', tokens.refresh);
      localStorage.setItem('email', tokens.email);
      localStorage.setItem('username', user.username);
      localStorage.setItem(
        'user',
        JSON.stringify({ email: tokens.email, username: user.username, first_name: '' }),
      );
    },
    { tokens, user },
  );
  return { user, access: tokens.access };
};

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** Messages the app wrote to its outbox for this address, newest last. */
export const outboxFor = async (email: string): Promise<OutboxMessage[]> => {
  const dir = path.join(inject('dataDir'), 'outbox');
  const files = (await readdir(dir).catch(() => [])).filter((file) => file.endsWith('.json')).sort();
  const messages = await Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), 'utf8')) as OutboxMessage),
  );
  return messages.filter((message) => message.to.toLowerCase() === email.toLowerCase());
};

export const waitForEmail = async (
  email: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<OutboxMessage> => {
  const started = Date.now();
  for (;;) {
    const found = (await outboxFor(email)).filter((message) => subject.test(message.subject)).at(-1);
    if (found) return found;
    if (Date.now() - started > timeoutMs) throw new Error(`no email "${subject}" reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** axe must find no serious or critical violation on the page as it stands. */
export const expectAccessible = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
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
