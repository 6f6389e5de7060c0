import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_AVATAR_BYTES, profileMessages } from '#contract/profile.ts';
import { chooseFileOfSize, expectAccessible, signUpAndSignIn, useBrowser } from './fixtures.ts';

describe('profile in the browser', () => {
  const browser = useBrowser();

  it('shows the profile, edits name, nationality and bio, and renders markup as text', async () => {
    const page = await browser.newPage();
    const { user } = await signUpAndSignIn(page);
    await page.goto('/profile');
    await page.getByRole('heading', { name: user.username }).waitFor();
    await page.getByText(user.email, { exact: true }).waitFor();
    await page.getByText('Spain', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Soul Stories' }).getByText('0', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Unread Notifications' }).getByText('0', { exact: true }).waitFor();
    await page.getByText('Your journey', { exact: true }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Name').fill('Ana Peregrina');
    await dialog.getByLabel('Nationality').fill('portu');
    await page.getByRole('option', { name: 'Portugal' }).click();
    expect(await dialog.getByLabel('Bio').getAttribute('rows')).toBe('5');
    await dialog.getByLabel('Bio').fill('<b>Walked</b> from Porto <script>window.hacked=1</script>');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Ana Peregrina' }).waitFor();
    await page.getByText('Portugal', { exact: true }).waitFor();
    await page.getByText('<b>Walked</b> from Porto <script>window.hacked=1</script>').waitFor();
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await page.getByRole('button', { name: 'Account menu' }).getByText('Ana Peregrina').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Ana Peregrina' }).waitFor();
    await page.getByRole('link', { name: 'Go to Soul Story' }).click();
    await page.waitForURL('**/soul-story');
  });

  it('uploads an avatar after a preview, shows it in the profile and the navigation bar', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Change Avatar' }).waitFor();

    await page.locator('input[type=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await page.getByText('Only image files are allowed').waitFor();

    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7eab88' } })
      .jpeg()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    const dialog = page.getByRole('dialog', { name: 'New Avatar' });
    await dialog.getByRole('img', { name: 'Preview of your new avatar' }).waitFor();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Avatar updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const avatar = page.getByRole('img', { name: /avatar$/ }).first();
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/^\/media\/.+\.webp$/);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('header img')].some((img) =>
        img.getAttribute('src')?.startsWith('/media/'),
      ),
    );
  });

  it('tells the user when an avatar is refused, by the server or before sending', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    await page.goto('/profile');
    await page.locator('input[type=file]').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is text pretending to be a png'),
    });
    await page.getByRole('dialog', { name: 'New Avatar' }).getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Upload failed').waitFor();
    await page.getByText('The avatar must be an image (JPEG, PNG, WebP, GIF or AVIF)').waitFor();
    await page.getByRole('dialog', { name: 'New Avatar' }).getByRole('button', { name: 'Cancel' }).click();
    // Closed before the next file is chosen, so the count below sees only what that file opens.
    await page.getByRole('dialog', { name: 'New Avatar' }).waitFor({ state: 'hidden' });

    await chooseFileOfSize(
      page.locator('input[type=file]'),
      'portrait.png',
      'image/png',
      MAX_AVATAR_BYTES + 1,
    );
    await page.getByText(profileMessages.avatarTooLarge).waitFor();
    expect(await page.getByRole('dialog', { name: 'New Avatar' }).count()).toBe(0);
  });

  it('sends a visitor without a session to sign in, and one whose session ended there too', async () => {
    const page = await browser.newPage();
    await page.goto('/profile');
    await page.waitForURL('**/LoginSignup');
    await signUpAndSignIn(page);
    await page.evaluate(() => {
      localStorage.setItem('token', 'bad.token.here');
      localStorage.setItem('refreshToken', 'revoked');
    });
    await page.goto('/profile');
    await page.waitForURL((url) => ['/LoginSignup', '/login'].includes(url.pathname));
  });
});
