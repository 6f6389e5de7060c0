import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForEmail } from './fixtures.ts';

describe('store', () => {
  const browser = useBrowser();

  it('shows the three items with their prices, each leading to the order page', async () => {
    const page = await browser.newPage();
    await page.goto('/Store');
    await page.getByRole('heading', { name: 'The Pilgrim Soul Store' }).waitFor();
    await expect
      .poll(() => page.getByRole('article').getByRole('heading').allInnerTexts())
      .toEqual(['Tee-shirt', 'Tote Bag', 'Laptop & Phone Cam Covers']);
    for (const price of ['$20', '$10.00', '$8.50']) await page.getByText(price, { exact: true }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Order now: Tote Bag' }).click();
    await page.waitForURL('**/store/order?product=tote-bag');
    await page.getByText('Tote Bag', { exact: true }).first().waitFor();
  });

  it('orders two T-shirts in a size, pays in test mode and confirms by email', async () => {
    const page = await browser.newPage();
    const email = `buyer.${randomBytes(4).toString('hex')}@example.com`;
    await page.goto('/store/order?product=tee-shirt');
    await page.getByRole('heading', { name: 'Place your order' }).waitFor();
    await expectAccessible(page);

    const form = page.locator('form', { has: page.getByRole('button', { name: 'Continue to payment' }) });
    await form.getByLabel('Full name').fill('Eva Peregrina');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Address', { exact: true }).fill('Rúa do Franco 1');
    await form.getByLabel('City').fill('Santiago de Compostela');
    await form.getByLabel('Postal code').fill('15705');
    await form.getByLabel('Country').fill('Spain');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('Please choose a size.').waitFor();

    await form.getByLabel('Size').click();
    await page.getByRole('option', { name: 'M', exact: true }).click();
    await form.getByLabel('Quantity').fill('2');
    await expect.poll(() => page.getByTestId('order-total').innerText()).toBe('$40.00');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    await page.getByText('Test mode: no card is charged').waitFor();
    await page.getByText('Size: M').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay Now' }).click();

    await page.getByRole('heading', { name: 'Thank you! Your order is confirmed.' }).waitFor();
    const reference = (await page.getByText(/Order reference: PS-/).innerText()).replace(
      'Order reference: ',
      '',
    );
    const confirmation = await waitForEmail(email, /is confirmed/);
    expect(confirmation.subject).toContain(reference);
    expect(confirmation.text).toContain('2 × Tee-shirt (size M)');
    expect(confirmation.text).toContain('Total paid: $40.00');
  });
});
