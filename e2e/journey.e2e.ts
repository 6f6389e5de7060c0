import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyMessages } from '#contract/journey.ts';
import { ffprobeChapters } from '#test/soul-stories.ts';
import { baseURL, expectAccessible, signUpAndSignIn, useBrowser } from './fixtures.ts';
import { uploadMemory, useTestMedia } from './soul-story-media.ts';

/** Writes Ana's Camino Francés in the profile's dialog, checking the places and distance it suggests. */
const fillInCaminoFrances = async (page: Page) => {
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
  return { card, dialog };
};

const saveCamino = async (page: Page, dialog: Locator) => {
  await dialog.getByRole('button', { name: 'Save your Camino' }).click();
  await page.getByText(journeyMessages.saved).waitFor();
  await dialog.waitFor({ state: 'hidden' });
};

describe('the Camino record in the browser', () => {
  const browser = useBrowser();
  const media = useTestMedia();

  it('fills in the journey on the profile, suggests the distance, and shows the record', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    const { card, dialog } = await fillInCaminoFrances(page);
    await expectAccessible(page);
    await saveCamino(page, dialog);

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

  it('opens the finished keepsake on a card of the journey: its first chapter is the card’s first line', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    const named = await fetch(`${baseURL()}/api/user/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Ana' }),
    });
    expect(named.status).toBe(200);
    await saveCamino(page, (await fillInCaminoFrances(page)).dialog);

    const prompts = {
      call: 'The Call',
      suffering: 'The Suffering',
      joy: 'The Joy',
      what_found_you: 'What Found You',
    };
    for (const [type, title] of Object.entries(prompts))
      expect((await uploadMemory(access, media().clip, type, title)).status).toBe(201);
    await page.goto('/soul-story');
    await page.getByLabel('Your Soul Story video').waitFor({ timeout: 300_000 });
    await page.getByText(/Updating your video/).waitFor({ state: 'detached', timeout: 300_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download (.mp4)' }).click(),
    ]);
    const saved = path.join(media().dir, 'anas-keepsake.mp4');
    await download.saveAs(saved);
    expect((await ffprobeChapters(saved)).map((chapter) => chapter.title)).toEqual([
      'Ana · Camino Francés',
      ...Object.values(prompts),
      'Buen Camino · Compostela received 14 Oct 2025',
    ]);
  }, 420_000);
});
