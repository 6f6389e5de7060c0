import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEnv, browserTestServer } from '#test/app-process.ts';
import { readOutbox } from '#test/outbox.ts';
import { newUserDetails, signIn, signUp, type UserDetails } from '#test/users.ts';
import { storeSession } from './browser-session.ts';
import { expectAccessible, useBrowser } from './fixtures.ts';

/**
 * The console needs an admin, and the only way to make one is the operator's CLI on the server's own
 * data. The shared e2e server holds its data folder, so this file runs a private server: it registers
 * people over the API, stops, runs `admin:create` on that folder exactly as an operator would, and
 * starts again. The same private server lets the blog show its empty state without touching the others.
 */
const privateServer = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-admin-e2e-'));
  const server = await browserTestServer(dataDir);
  const createAdmin = (email: string) =>
    spawnSync(process.execPath, ['server/modules/admin/create-admin-cli.ts', '--email', email], {
      env: appEnv(server.env),
      encoding: 'utf8',
    });
  return {
    baseURL: server.baseURL,
    outbox: () => readOutbox(path.join(dataDir, 'outbox')),
    start: server.start,
    stop: server.stop,
    createAdmin,
    close: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

const contentOf = async (download: Download) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
};

describe('admin console', () => {
  const browser = useBrowser();
  let server: Awaited<ReturnType<typeof privateServer>>;
  const admin = newUserDetails();
  const pilgrim = newUserDetails();

  const api = async (url: string, body?: object) => {
    const response = await fetch(`${server.baseURL}${url}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: await response.json() };
  };

  const signInAs = async (page: Page, user: UserDetails) =>
    storeSession(page, `${server.baseURL}/faq`, {
      ...(await signIn(server.baseURL, user)),
      username: user.username,
    });

  beforeAll(async () => {
    server = await privateServer();
    await server.start();
    for (const user of [admin, pilgrim]) {
      await signUp(server.baseURL, { ...user, nationality: 'PT' });
    }
    await server.stop();
    const unknown = server.createAdmin('nobody@example.com');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account uses nobody@example.com');
    const made = server.createAdmin(admin.email.toUpperCase());
    expect(made.stderr).toBe('');
    expect(made.stdout).toContain(`${admin.email} (${admin.username}) is now an admin.`);
    expect(made.status).toBe(0);
    await server.start();
    // Two cold starts of a private server, one of them migrating a fresh database.
  }, 240_000);
  afterAll(() => server?.close(), 90_000);

  it('shows the 404 page to visitors and ordinary pilgrims', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseURL}/admin`);
    await page.getByRole('heading', { name: 'This path is not on the map' }).waitFor();
    await signInAs(page, pilgrim);
    await page.goto(`${server.baseURL}/admin/posts`);
    await page.getByRole('heading', { name: 'This path is not on the map' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Admin console' }).count()).toBe(0);
  });

  it('takes the seeded posts down, then writes, illustrates and publishes a post that shows on /blog and in RSS', async () => {
    const page = await browser.newPage();
    await signInAs(page, admin);
    await page.goto(`${server.baseURL}/admin`);
    await page.getByRole('heading', { name: 'Admin console' }).waitFor();
    await page.waitForURL('**/admin/posts');

    const unpublishButtons = page.getByRole('button', { name: /^Unpublish / });
    await unpublishButtons.first().waitFor();
    await expectAccessible(page);
    const seeded = await unpublishButtons.count();
    expect(seeded).toBe(4);
    for (let left = seeded; left > 0; left--) {
      await unpublishButtons.first().click();
      await expect.poll(() => unpublishButtons.count()).toBe(left - 1);
    }
    await page.goto(`${server.baseURL}/blog`);
    await page.getByText('No blog posts found').waitFor();

    await page.goto(`${server.baseURL}/admin/posts`);
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('heading', { name: 'New post' }).waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Title is required').waitFor();

    const title = `Letters from the Meseta ${randomBytes(2).toString('hex')}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Author' }).fill('Inés <b>Ortega</b>');
    await page
      .getByRole('textbox', { name: 'Body' })
      .fill('The wheat went on for days.\n\n<script>alert("x")</script> And then, one morning, a tree.');
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: title }).waitFor();
    expect(await preview.locator('p').allInnerTexts()).toEqual(
      expect.arrayContaining([
        'The wheat went on for days.',
        '<script>alert("x")</script> And then, one morning, a tree.',
      ]),
    );
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/admin\/posts\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Edit post' }).waitFor();
    await expectAccessible(page);

    const coverFile = path.join(tmpdir(), `cover-${randomBytes(3).toString('hex')}.png`);
    await writeFile(
      coverFile,
      await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#c9a86a' } })
        .png()
        .toBuffer(),
    );
    await page.locator('input[type="file"]').setInputFiles(coverFile);
    await page.getByText('Cover image uploaded').waitFor();
    await page.getByRole('button', { name: 'Replace cover image' }).waitFor();
    await rm(coverFile, { force: true });

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Unpublish', exact: true }).waitFor();

    await page.goto(`${server.baseURL}/blog`);
    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    expect(await card.getByText('Inés <b>Ortega</b>').isVisible()).toBe(true);
    expect(await card.locator('img').count()).toBe(1);
    await card.getByRole('link', { name: `Read More: ${title}` }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText('<script>alert("x")</script> And then, one morning, a tree.').waitFor();

    const rss = await (await fetch(`${server.baseURL}/blog/rss.xml`)).text();
    expect(rss).toContain(`<title>${title}</title>`);
    expect(rss).not.toContain('<title>Carrying the shell home</title>');
  });

  it('shows inbox messages as text and keeps their handled flag', async () => {
    const sent = await api('/api/contact/', {
      name: '<img src=x onerror=alert(1)>',
      email: 'curious@example.com',
      message: 'Is there a group in Porto?',
    });
    expect(sent.status).toBeLessThan(300);
    const page = await browser.newPage();
    await signInAs(page, admin);
    await page.goto(`${server.baseURL}/admin/inbox`);
    await page.getByText('Is there a group in Porto?').waitFor();
    expect(await page.getByText('<img src=x onerror=alert(1)>').isVisible()).toBe(true);
    const handled = page.getByRole('checkbox', {
      name: 'Handled: message from <img src=x onerror=alert(1)>',
    });
    await handled.check();
    const login = await signIn(server.baseURL, admin);
    const storedHandled = async () => {
      const response = await fetch(`${server.baseURL}/api/admin/messages/`, {
        headers: login.headers,
      });
      const messages = (await response.json()) as { message: string; handled: boolean }[];
      return messages.find((item) => item.message === 'Is there a group in Porto?')?.handled;
    };
    await expect.poll(storedHandled).toBe(true);
    await page.reload();
    await page.getByText('Is there a group in Porto?').waitFor();
    expect(await handled.isChecked()).toBe(true);
  });

  it('lists join and volunteer requests with their interest, and keeps their handled flag', async () => {
    const offered = await api('/api/volunteer/', {
      name: 'Marta Sousa',
      email: 'marta@example.com',
      areaOfInterest: 'welcoming',
      message: 'I walked the Portuguese way last spring.',
    });
    expect(offered.status).toBeLessThan(300);
    const page = await browser.newPage();
    await signInAs(page, admin);
    await page.goto(`${server.baseURL}/admin/requests`);
    const row = page.getByRole('row').filter({ hasText: 'I walked the Portuguese way last spring.' });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      expect.stringMatching(/Volunteer$/),
      'Marta Sousamarta@example.com',
      'Welcoming new pilgrims',
      'I walked the Portuguese way last spring.',
      '',
    ]);
    const handled = row.getByRole('checkbox', { name: 'Handled: request from Marta Sousa' });
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/handled/') && response.ok()),
      handled.check(),
    ]);
    await page.reload();
    await row.waitFor();
    expect(await handled.isChecked()).toBe(true);
  });

  it('charts the survey results and exports them and the subscribers as CSV', async () => {
    for (const answers of [
      {
        overallExperience: 5,
        websiteDesign: 4,
        easeOfUse: 4,
        usedVela: 'yes',
        velaHelpfulness: 5,
        velaResponseQuality: 4,
        usedSoulStory: 'no',
        pilgrimageStage: 'completed',
        ageRange: '45-54',
      },
      {
        overallExperience: 3,
        websiteDesign: 4,
        easeOfUse: 2,
        usedVela: 'no',
        usedSoulStory: 'yes',
        soulStoryEase: 4,
        notificationTimeliness: 3,
        pilgrimageStage: 'planning',
        ageRange: '25-34',
      },
    ]) {
      expect((await api('/api/survey/submit/', answers)).status).toBe(201);
    }
    expect(
      (await api('/api/newsletter/subscribe/', { email: 'reader@example.com', optIn: true })).status,
    ).toBe(200);

    const page = await browser.newPage();
    await signInAs(page, admin);
    await page.goto(`${server.baseURL}/admin/survey`);
    await page.getByText('2 responses').waitFor();
    const averages = page.getByRole('region', { name: 'Average rating per question (1–5)' });
    await averages.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await averages.getByRole('row', { name: /Overall experience/ }).innerText()).toContain(
      '4.00 (2 answers)',
    );
    const yesNo = page.getByRole('region', { name: 'Yes and no' });
    expect(await yesNo.getByRole('row', { name: /Vela/ }).first().innerText()).toContain(
      '50% yes (1 yes, 1 no)',
    );
    const stages = page.getByRole('region', { name: 'Pilgrimage stage' });
    await stages.locator('svg.recharts-surface').first().waitFor();
    const ages = page.getByRole('region', { name: 'Age range' });
    expect(await ages.getByRole('row', { name: /45/ }).innerText()).toMatch(/1$/);
    await expectAccessible(page);

    const surveyDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const surveyCsv = await contentOf(await surveyDownload);
    expect(surveyCsv.split('\r\n')[0]).toMatch(
      /^submitted_at,overallExperience,websiteDesign,easeOfUse,usedVela/,
    );
    expect(surveyCsv.trim().split('\r\n')).toHaveLength(3);

    await page.getByRole('tab', { name: 'Subscribers' }).click();
    await page.waitForURL('**/admin/subscribers');
    await page.getByText('reader@example.com').waitFor();
    const subscribersDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await subscribersDownload;
    expect(download.suggestedFilename()).toBe('subscribers.csv');
    expect(await contentOf(download)).toMatch(/\r\nreader@example\.com,pending,/);
    expect(await page.getByRole('button', { name: 'Write a letter' }).isDisabled()).toBe(true);
  });

  it('writes a letter that reaches confirmed subscribers', async () => {
    await api('/api/newsletter/subscribe/', { email: 'faithful@example.com', optIn: true });
    const confirmation = (await server.outbox()).find((mail) => mail.to === 'faithful@example.com')!;
    const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(confirmation.text)![1];
    expect((await api('/api/newsletter/confirm/', { token })).status).toBe(200);

    const page = await browser.newPage();
    await signInAs(page, admin);
    await page.goto(`${server.baseURL}/admin/subscribers`);
    await page.getByText('faithful@example.com').waitFor();
    await page.getByRole('button', { name: 'Write a letter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write a letter' });
    await dialog.getByText('Goes to 1 confirmed subscriber').waitFor();
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('News from the road');
    await dialog.getByRole('textbox', { name: 'Letter' }).fill('A Soul Circle starts in Porto next month.');
    await dialog.getByRole('button', { name: 'Send letter' }).click();
    await page.getByText('Sending to 1 confirmed subscribers.').waitFor();
    await expect
      .poll(async () => (await server.outbox()).find((mail) => mail.subject === 'News from the road')?.to, {
        timeout: 20_000,
      })
      .toBe('faithful@example.com');
  });
});
