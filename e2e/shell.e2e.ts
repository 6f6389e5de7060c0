import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures.ts';

describe('app shell', () => {
  const browser = useBrowser();

  it('sends a visitor without a token from each guarded page to sign in', async () => {
    const page = await browser.newPage();
    for (const path of ['/profile', '/soul-story', '/soulstory', '/chatbot', '/notifications']) {
      await page.goto(path);
      await page.waitForURL('**/LoginSignup');
      expect(new URL(page.url()).pathname).toBe('/LoginSignup');
    }
  });

  it('shows a friendly page for an unknown route', async () => {
    const page = await browser.newPage();
    await page.goto('/no/such/place');
    const heading = page.getByRole('heading', { name: 'This path is not on the map' });
    await heading.waitFor();
    expect(await heading.isVisible()).toBe(true);
  });

  it('opens the drawer on a narrow screen, navigates and closes it', async () => {
    const page = await browser.newPage({ width: 390, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Who we are' }).click();
    await page.waitForURL('**/about');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('shows the seven links inline on a wide screen', async () => {
    const page = await browser.newPage({ width: 1280 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Survey' }).waitFor();
    const labels = await nav.getByRole('link').allInnerTexts();
    expect(labels).toEqual(['Home', 'Who we are', 'Join Us', 'Donate', 'Volunteer', 'Store', 'Survey']);
    await nav.getByRole('link', { name: 'Store' }).click();
    await page.waitForURL('**/store');
  });
});
