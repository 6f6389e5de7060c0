import { describe, expect, it } from 'vitest';
import { journeyMessages } from '#contract/journey.ts';
import { expectAccessible, signUpAndSignIn, useBrowser } from './fixtures.ts';

describe('the Camino record in the browser', () => {
  const browser = useBrowser();

  it('fills in the journey on the profile, suggests the distance, and shows the record', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    await page.goto('/profile');
    const card = page.getByRole('region', { name: journeyMessages.title });
    await card.getByRole('button', { name: 'Add your Camino' }).click();

    const dialog = page.getByRole('dialog', { name: 'Edit your Camino' });
    await dialog.getByLabel('Route', { exact: true }).click();
    await page.getByRole('option', { name: 'Camino Francés' }).click();
    await dialog.getByLabel('Where you started').fill('Saint-Jean');
    await page.getByRole('option', { name: 'Saint-Jean-Pied-de-Port' }).click();
    expect(await dialog.getByLabel('Where you finished').inputValue()).toBe('Santiago de Compostela');
    expect(await dialog.getByLabel('Distance (km)').inputValue()).toBe('780');
    await dialog.getByLabel('Start date').fill('2025-09-12');
    await dialog.getByLabel('Arrival date').fill('2025-10-14');
    await dialog.getByLabel('I received the Compostela').check();
    await dialog.getByLabel('Date of your Compostela').fill('2025-10-14');
    await dialog.getByLabel('Who you walked with').fill('My sister Lucía');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save your Camino' }).click();
    await page.getByText(journeyMessages.saved).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const shown = async () => {
      await card.getByText('Camino Francés', { exact: true }).waitFor();
      await card.getByText('Saint-Jean-Pied-de-Port → Santiago de Compostela').waitFor();
      await card.getByText('12 September 2025 – 14 October 2025').waitFor();
      await card.getByText('780 km').waitFor();
      await card.getByText('Received on 14 October 2025').waitFor();
      await card.getByText('My sister Lucía').waitFor();
    };
    await shown();
    // The profile's journey settings take the record's start date.
    await page.waitForFunction(
      () => (document.querySelector('input[type=date]') as HTMLInputElement | null)?.value === '2025-09-12',
    );
    await page.reload();
    await shown();
    expect(await page.getByLabel('Start date').inputValue()).toBe('2025-09-12');
  });

  it('shows why dates are refused, and saves nothing', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    await page.goto('/profile');
    const card = page.getByRole('region', { name: journeyMessages.title });
    await card.getByRole('button', { name: 'Add your Camino' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your Camino' });

    await dialog.getByLabel('Start date').fill('2025-09-12');
    await dialog.getByLabel('Arrival date').fill('2025-09-01');
    await dialog.getByRole('button', { name: 'Save your Camino' }).click();
    await dialog.getByText(journeyMessages.arrivalBeforeStart).waitFor();

    await dialog.getByLabel('Arrival date').fill('2999-01-01');
    await dialog.getByRole('button', { name: 'Save your Camino' }).click();
    await dialog.getByText(journeyMessages.arrivalDateInFuture).waitFor();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await card.getByRole('button', { name: 'Add your Camino' }).waitFor();
  });
});
