import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForEmail } from './fixtures.ts';

const donorEmail = () => `donor.${randomBytes(4).toString('hex')}@example.com`;

const payWithTestCard = async (page: Page, cardNumber = '4242 4242 4242 4242') => {
  const dialog = page.getByRole('dialog', { name: 'Complete your gift' });
  await dialog.getByText('Test mode: no card is charged').waitFor();
  await dialog.getByLabel('Card number').fill(cardNumber);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  const pay = dialog.getByRole('button', { name: 'Pay Now' });
  await expect.poll(() => pay.isEnabled()).toBe(true);
  await pay.click();
  return dialog;
};

const manageLinkPath = (text: string) =>
  new URL(/https?:\/\/\S+\/donations\/manage\/\S+/.exec(text)![0]).pathname;

describe('giving', () => {
  const browser = useBrowser();

  it('gives monthly by default, thanks the donor, emails a receipt, and cancels the gift from its link', async () => {
    const page = await browser.newPage();
    const email = donorEmail();
    await page.goto('/donate');
    await page.getByRole('heading', { name: 'Support Pilgrim Soul' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Monthly' }).first().isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: '£15' }).first().isChecked()).toBe(true);
    for (const reward of [
      '£5 a month: Stickers',
      '£10 a month: Tote bag',
      '£20 a month: T-shirt',
      '£40 a month: Full pack',
    ])
      await page.getByText(reward).waitFor();
    await page.getByText('£15 a month: Laptop and phone camera covers (your reward)').waitFor();
    await expectAccessible(page);

    await page.getByLabel('Email for your receipt').fill(email);
    await page.getByRole('button', { name: 'Contribute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete your gift' });
    await dialog.getByText('Your gift: £15 monthly').waitFor();
    await expectAccessible(page);
    await payWithTestCard(page);

    await page.getByRole('heading', { name: 'Thank you for your gift!' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Your supporter reward: Laptop and phone camera covers').waitFor();

    const receipt = await waitForEmail(email, /Thank you for your gift/);
    expect(receipt.text).toContain('Amount: £15');
    expect(receipt.text).toContain('Frequency: Monthly');
    await page.goto(manageLinkPath(receipt.text));
    await page.getByText('£15 monthly').waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel my monthly gift' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel your monthly gift?' })
      .getByRole('button', { name: 'Cancel my gift' })
      .click();
    await page.getByText('Cancelled', { exact: true }).waitFor();
    await page.getByText('Your recurring gift has been cancelled.').first().waitFor();
    expect(await page.getByRole('button', { name: 'Cancel my monthly gift' }).count()).toBe(0);
  });

  it('gives once, confirming only the intent for the amount finally chosen', async () => {
    const page = await browser.newPage();
    const email = donorEmail();
    const intents: { amount: number; frequency: string }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/create-payment-intent')) intents.push(request.postDataJSON());
    });
    await page.goto('/donate');
    await page.locator('label', { hasText: 'One-time' }).first().click();
    await page.getByLabel('Email for your receipt').fill(email);
    await page.getByRole('button', { name: 'Contribute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete your gift' });
    await dialog.getByText('Your gift: £15 once').waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Pay Now' }).isEnabled()).toBe(true);

    await dialog.locator('label', { hasText: '£40' }).click();
    await dialog.getByText('Your gift: £40 once').waitFor();
    await payWithTestCard(page);
    await page.getByRole('heading', { name: 'Thank you for your gift!' }).waitFor();

    expect(intents.map((intent) => `${intent.frequency} ${intent.amount}`)).toEqual([
      'one-time 15',
      'one-time 40',
    ]);
    const receipt = await waitForEmail(email, /Thank you for your gift/);
    expect(receipt.text).toContain('Amount: £40');
    expect(receipt.text).toContain('Frequency: One-time');
    await page.goto(manageLinkPath(receipt.text));
    await page.getByText('Received', { exact: true }).waitFor();
  });

  it('shows the provider’s message when the test card is declined', async () => {
    const page = await browser.newPage();
    await page.goto('/donate');
    await page.getByLabel('Email for your receipt').fill(donorEmail());
    await page.getByRole('button', { name: 'Contribute' }).click();
    const dialog = await payWithTestCard(page, '4000 0000 0000 0002');
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Payment failed' })
      .getByText('Your card was declined.')
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Thank you for your gift!' }).count()).toBe(0);
  });

  it('asks for a receipt email and a sensible amount before opening the payment, and reads a decimal comma', async () => {
    const page = await browser.newPage();
    await page.goto('/donate');
    await page.getByRole('button', { name: 'Contribute' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email for your receipt').fill(donorEmail());
    await page.getByLabel('Or another amount (£)').fill('0.5');
    await page.getByRole('button', { name: 'Contribute' }).click();
    await page.getByText('Please choose an amount between £1 and £10,000.').first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Complete your gift' }).count()).toBe(0);
    // A phone keypad set to Spanish types a decimal comma.
    await page.getByLabel('Or another amount (£)').fill('12,50');
    await page.getByRole('button', { name: 'Contribute' }).click();
    await page
      .getByRole('dialog', { name: 'Complete your gift' })
      .getByText('Your gift: £12.50 monthly')
      .waitFor();
  });
});
