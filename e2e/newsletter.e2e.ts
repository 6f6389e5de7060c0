import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForEmail } from './fixtures.ts';

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9._-]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in ${text}`);
  return new URL(match[0]);
};

describe('newsletter with double opt-in', () => {
  const browser = useBrowser();

  const form = (page: Page) => page.getByRole('form', { name: 'Subscribe to the newsletter' });

  it('checks the email and the opt-in box, then subscribes, confirms from the email and unsubscribes', async () => {
    const email = `letters.${randomBytes(4).toString('hex')}@example.com`;
    const page = await browser.newPage();
    await page.goto('/');
    // The form loads as the visitor nears it.
    await page.getByRole('heading', { name: 'Letters for the road home' }).scrollIntoViewIfNeeded();
    const subscribe = form(page);
    await subscribe.scrollIntoViewIfNeeded();

    await subscribe.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('alert').getByText('Please enter an email.').waitFor();

    const emailBox = subscribe.getByRole('textbox', { name: 'Email' });
    await emailBox.fill('walker@');
    await subscribe.getByRole('button', { name: 'Subscribe' }).click();
    await subscribe.getByText('Please enter a valid email address').waitFor();
    await subscribe.getByText('Please tick the box so we may write to you.').waitFor();

    await emailBox.fill(email);
    const optIn = subscribe.getByRole('checkbox', {
      name: 'Yes, send me occasional letters from the community',
    });
    await optIn.check();
    await subscribe.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Subscribed!').waitFor();
    await page.getByText(`We'll send updates to ${email}`).waitFor();
    await subscribe.getByText(/A confirmation email is on its way/).waitFor();
    expect(await emailBox.inputValue()).toBe('');
    expect(await optIn.isChecked()).toBe(false);
    await expectAccessible(page);

    const confirmation = await waitForEmail(email, /confirm/i);
    expect(confirmation.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const confirmLink = linkIn(confirmation.text, '/newsletter/confirm');
    await page.goto(`${confirmLink.pathname}${confirmLink.search}`);
    await page.getByRole('heading', { name: 'Confirm your subscription' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await page.getByText('You are subscribed. Welcome to the road home.').waitFor();

    const welcome = await waitForEmail(email, /Welcome/);
    const unsubscribeLink = linkIn(welcome.text, '/newsletter/unsubscribe');
    await page.goto(`${unsubscribeLink.pathname}${unsubscribeLink.search}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You are unsubscribed. We will not write again.').waitFor();
  });

  it('tells people when a confirmation link is not valid', async () => {
    const page = await browser.newPage();
    await page.goto('/newsletter/confirm?token=not-a-real-token');
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await page.getByText('This confirmation link is invalid or has expired.').waitFor();
    await page.goto('/newsletter/confirm');
    await page.getByText('This link is missing its token.').waitFor();
  });
});
