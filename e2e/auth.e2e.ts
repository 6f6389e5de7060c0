import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newUserDetails } from '#test/users.ts';
import { baseURL, expectAccessible, signUpAndSignIn, useBrowser, waitForEmail } from './fixtures.ts';

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** The sign-in or register form, apart from the footer's newsletter form. */
const authForm = (page: Page) => page.getByRole('form', { name: /^(Sign in|Register)$/ });

const fillSignIn = async (page: Page, email: string, password: string) => {
  await authForm(page).getByLabel('Email').fill(email);
  await authForm(page).getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
};

const refreshWith = (refresh: string) =>
  fetch(`${baseURL()}/api/token/refresh/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh }),
  });

describe('accounts in the browser', () => {
  const browser = useBrowser();

  it('registers, signs out, signs in, resets a forgotten password by email and signs in with the new one', async () => {
    const page = await browser.newPage();
    const user = newUserDetails();
    await page.goto('/LoginSignup');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await authForm(page).getByLabel('Username').fill(user.username);
    await authForm(page).getByLabel('Email').fill(user.email);
    await authForm(page).getByLabel('Password', { exact: true }).fill(user.password);
    await authForm(page).getByLabel('Nationality').fill('spa');
    await page.getByRole('option', { name: 'Spain' }).click();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(user.email);
    await page.getByRole('button', { name: 'Account menu' }).getByText(user.username).waitFor();

    const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/LoginSignup');
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    await expect.poll(async () => (await refreshWith(refreshToken!)).status).toBe(401);

    await fillSignIn(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/LoginSignup');

    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await dialog.getByText('Please enter your email address').waitFor();
    await dialog.getByLabel('Email').fill(user.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await dialog
      .getByText('If your email exists in our system, you will receive a password reset link shortly.')
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Send Reset Link' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const email = await waitForEmail(user.email, /Reset your Pilgrim Soul password/);
    const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(email.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await page.getByLabel('New Password', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(page, 'New password is required');
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(page, 'Password must be at least 8 characters long');
    await page.getByLabel('New Password', { exact: true }).fill('a-new-camino-pass');
    await page.getByLabel('Confirm New Password').fill('a-different-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(page, 'Passwords do not match');
    await page.getByLabel('Confirm New Password').fill('a-new-camino-pass');
    const resetAt = Date.now();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been reset.', { exact: false }).waitFor();
    await page.waitForURL('**/login');
    expect(Date.now() - resetAt).toBeGreaterThanOrEqual(2900);

    await fillSignIn(page, user.email, user.password);
    await authForm(page).getByRole('alert').getByText('Invalid email or password').waitFor();
    await fillSignIn(page, user.email, 'a-new-camino-pass');
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(new URL(link!).pathname);
    await visible(page, 'This password reset link is invalid or has expired');
    await page.getByRole('link', { name: 'Return to Login' }).click();
    await page.waitForURL('**/login');
  });

  it('shows every validation message where the spec says, and toggling clears the form', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back, pilgrim' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(page, 'Email is required');
    await visible(page, 'Password is required');
    await authForm(page).getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(page, 'Please enter a valid email address');

    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Join Pilgrim Soul' }).waitFor();
    expect(await authForm(page).getByLabel('Email').inputValue()).toBe('');
    expect(await page.getByText('Please enter a valid email address').count()).toBe(0);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await visible(page, 'Username is required');
    await visible(page, 'Email is required');
    await visible(page, 'Password is required');
    await authForm(page).getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await visible(page, 'Password must be at least 8 characters long');
  });

  it('shows the server error in an alert and a Login Failed or Registration Failed toast', async () => {
    const page = await browser.newPage();
    const { user } = await signUpAndSignIn(await browser.newPage());
    await page.goto('/LoginSignup');
    await fillSignIn(page, user.email, 'wrong-password-here');
    await authForm(page).getByRole('alert').getByText('Invalid email or password').waitFor();
    await visible(page, 'Login Failed');

    await page.getByRole('button', { name: 'Create an account' }).click();
    await authForm(page).getByLabel('Username').fill(`${user.username}_2`);
    await authForm(page).getByLabel('Email').fill(user.email);
    await authForm(page).getByLabel('Password', { exact: true }).fill('long-enough-pass');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await authForm(page).getByRole('alert').getByText('An account with this email already exists').waitFor();
    await visible(page, 'Registration Failed');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('reports a network failure in the spec’s words', async () => {
    const page = await browser.newPage();
    await page.route('**/api/login/', (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await fillSignIn(page, 'someone@example.com', 'whatever-pass');
    await authForm(page)
      .getByRole('alert')
      .getByText('Network error. Please check your internet connection and try again.')
      .waitFor();
  });

  it('shows the rate limit message, and a detail field when the server gives no error', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    const email = 'limited@example.com';
    await page.route('**/api/login/', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Too many attempts. Please wait a minute and try again.' }),
      }),
    );
    await fillSignIn(page, email, 'wrong-password');
    await authForm(page)
      .getByRole('alert')
      .getByText('Too many attempts. Please wait a minute and try again.')
      .waitFor();
    await page.unroute('**/api/login/');
    await page.route('**/api/login/', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: '{"detail":"Account is disabled"}',
      }),
    );
    await fillSignIn(page, email, 'wrong-password');
    await authForm(page).getByRole('alert').getByText('Account is disabled').waitFor();
  });

  it('says when the server answers no token', async () => {
    const page = await browser.newPage();
    await page.route('**/api/login/', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/login');
    await fillSignIn(page, 'someone@example.com', 'whatever-pass');
    await authForm(page).getByRole('alert').getByText('Authentication failed - no token received').waitFor();
  });

  it('shows the signed-in pilgrim under My Account in the narrow-screen drawer', async () => {
    const page = await browser.newPage({ width: 390, height: 800 });
    const { user } = await signUpAndSignIn(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByText('My Account').waitFor();
    await drawer.getByText(user.username, { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/LoginSignup');
  });

  it('shows the invalid state for an unknown reset link', async () => {
    const page = await browser.newPage();
    await page.goto('/reset-password/not-a-real-token');
    await visible(page, 'This password reset link is invalid or has expired');
    await page.getByRole('link', { name: 'Return to Login' }).waitFor();
    await page.goto('/reset-password/');
    await visible(page, 'Invalid password reset link');
  });

  it('signs out every tab at once, and a refused token is dropped at start', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    const other = await page.context().newPage();
    await other.goto('/profile');
    await other.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await other.waitForURL('**/LoginSignup');

    await page.evaluate(() => {
      localStorage.setItem('token', 'tampered.token.value');
      localStorage.setItem('email', 'someone@example.com');
    });
    await page.goto('/faq');
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('refreshes an expired access token silently and carries on', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    const before = await page.evaluate(() => localStorage.getItem('refreshToken'));
    await page.evaluate(() => localStorage.setItem('token', 'expired.or.bad'));
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    const after = await page.evaluate(() => localStorage.getItem('refreshToken'));
    expect(after).not.toBe(before);
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBe('expired.or.bad');
  });
});
