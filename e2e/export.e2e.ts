import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { exportMessages } from '#contract/account.ts';
import { readZip } from '#test/zip.ts';
import { expectAccessible, signUpAndSignIn, useBrowser } from './fixtures.ts';

describe('exporting one’s data in the browser', () => {
  const browser = useBrowser();

  it('prepares the data after "Download my data", then downloads a zip holding the profile', async () => {
    const page = await browser.newPage();
    const { user } = await signUpAndSignIn(page);
    await page.goto('/profile');
    await page.getByRole('heading', { name: user.username }).waitFor();

    await page.getByRole('button', { name: exportMessages.button }).click();
    // Preparing is shown at once, unless the worker has already finished the small zip.
    await page.getByText(exportMessages.preparing).or(page.getByText(exportMessages.ready)).first().waitFor();
    const link = page.getByRole('link', { name: exportMessages.download });
    await link.waitFor({ timeout: 60_000 });
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^pilgrim-soul-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await readZip(await buffer(await download.createReadStream()));
    const profile = JSON.parse(files.get('profile.json')!.toString('utf8'));
    expect(profile).toMatchObject({ email: user.email, username: user.username });
    expect([...files.keys()]).toContain('vela/conversation.md');
  });
});
