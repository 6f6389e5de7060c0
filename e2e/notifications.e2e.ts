import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, signUpAndSignIn, useBrowser } from './fixtures.ts';
import { uploadMemory, useTestMedia } from './soul-story-media.ts';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

const promptCard = (page: Page, name: string) => page.getByRole('article', { name });

describe('notifications', () => {
  const browser = useBrowser();
  const media = useTestMedia();

  it('shows a new pilgrim the four prompts, no progress yet and a way to begin', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    await page.goto('/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await page.getByText('0 of 4 prompts completed').waitFor();
    expect(
      await page.getByRole('progressbar', { name: 'Soul Story progress' }).getAttribute('aria-valuenow'),
    ).toBe('0');
    for (const [name, id] of [
      ['The Call', 'call'],
      ['The Suffering', 'suffering'],
      ['The Joy', 'joy'],
      ['What Found You', 'what_found_you'],
    ] as const) {
      const card = promptCard(page, name);
      await card.getByText('Pending').waitFor();
      expect(await card.getByLabel(`Meditation for ${name}`).getAttribute('src')).toBe(
        `/static/audio/meditation-${id}.mp3`,
      );
      await card.getByRole('button', { name: 'Record Now' }).waitFor();
    }
    await page.getByText('No messages yet').waitFor();
    expect(await page.getByRole('button', { name: 'Mark all read' }).count()).toBe(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Begin Your Story' }).click();
    await page.waitForURL('**/soul-story');
    await page.goBack();
    // Opened straight from an address, the page has no earlier page in the app: Back goes home.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows progress and new messages after a saved take, and marks them read', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    expect((await uploadMemory(access, media().clip, 'suffering', 'The Suffering')).status).toBe(201);
    await page.goto('/notifications');

    await page.getByText('1 of 4 prompts completed').waitFor();
    await page.getByText('25%').waitFor();
    const suffering = promptCard(page, 'The Suffering');
    await suffering.getByText('Completed').waitFor();
    await suffering.getByRole('button', { name: 'Re-record' }).waitFor();
    await promptCard(page, 'The Call').getByText('Pending').waitFor();

    const messages = page.getByRole('region', { name: 'Recent Messages' });
    await messages.getByRole('listitem').first().waitFor();
    expect(await messages.getByText('New', { exact: true }).count()).toBeGreaterThan(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await toast(page, 'All notifications marked as read').waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).waitFor({ state: 'detached' });
    expect(await messages.getByText('New', { exact: true }).count()).toBe(0);
    const stored = await fetch(`${baseURL()}/api/notifications/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(((await stored.json()) as { read: boolean }[]).every((item) => item.read)).toBe(true);

    await suffering.getByRole('button', { name: 'Re-record' }).click();
    await page.waitForURL('**/soul-story');
    await page
      .getByRole('region', { name: 'Capture a Memory' })
      .getByRole('heading', { name: 'The Suffering', exact: true })
      .waitFor();
  });

  it('tells the pilgrim when marking read fails, and keeps the messages new', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    expect((await uploadMemory(access, media().clip, 'call', 'The Call')).status).toBe(201);
    await page.route('**/api/notifications/mark-all-read/', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Unavailable"}' }),
    );
    await page.goto('/notifications');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await toast(page, 'Failed to mark notifications as read').waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).waitFor();
  });

  it('tells the pilgrim when the messages cannot be loaded', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    await page.route('**/api/notifications/', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Something went wrong"}',
      }),
    );
    await page.goto('/notifications');
    await toast(page, 'Failed to load notifications').waitFor();
  });
});
