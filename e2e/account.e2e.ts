import { describe, expect, it } from 'vitest';
import { accountErasure, accountMessages } from '#contract/account.ts';
import { storageKeys } from '#web/shared/session.ts';
import { expectAccessible, signUpAndSignIn, useBrowser } from './fixtures.ts';

describe('deleting an account in the browser', () => {
  const browser = useBrowser();

  it('says what goes and what stays, asks for the password, signs the pilgrim out and never in again', async () => {
    const page = await browser.newPage();
    const { user } = await signUpAndSignIn(page);
    await page.goto('/profile');
    await page.getByRole('heading', { name: user.username }).waitFor();

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    for (const item of accountErasure.erased) await dialog.getByText(item).waitFor();
    await dialog.getByText(accountErasure.kept).waitFor();
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText(accountMessages.passwordRequired).waitFor();
    await dialog.getByLabel('Your password').fill(`${user.password}-wrong`);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText(accountMessages.wrongPassword).waitFor();

    await dialog.getByLabel('Your password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText(accountMessages.deleted).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.token)).toBeNull();
    await page.goto('/profile');
    await page.waitForURL((url) => /\/(LoginSignup|login)$/.test(url.pathname));

    await page.goto('/login');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(user.email);
    await signIn.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await signIn.getByRole('alert').getByText('Invalid email or password').waitFor();
  });
});
