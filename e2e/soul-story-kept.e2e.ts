import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, signUpAndSignIn, useBrowser } from './fixtures.ts';
import { recordTake } from './soul-story-media.ts';

const serverTitles = async (access: string) => {
  const response = await fetch(`${baseURL()}/api/soulstories/`, {
    headers: { authorization: `Bearer ${access}` },
  });
  return ((await response.json()) as { title: string }[]).map((story) => story.title);
};

/** How many items the page keeps in IndexedDB, read as the browser holds them. */
const keptOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('pilgrim-soul-kept-takes');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const counting = opening.result.transaction('items').objectStore('items').count();
          counting.onerror = () => reject(counting.error);
          counting.onsuccess = () => {
            opening.result.close();
            resolve(counting.result);
          };
        };
      }),
  );

const waitingStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Saved on this device · waiting for a connection' });

/** A take whose upload never got through, and the page reloaded: the page offers to finish it. */
const interruptedTake = async (page: Page) => {
  const { access } = await signUpAndSignIn(page);
  await page.goto('/soul-story');
  await recordTake(page);
  await page.route('**/api/soulstory/upload/', (route) => route.abort());
  await page.getByRole('button', { name: 'Save to My Story' }).click();
  await waitingStatus(page).waitFor();
  await page.reload();
  const offer = page.getByRole('article', { name: 'Finish uploading your reflection for The Call?' });
  await offer.waitFor();
  await page.unroute('**/api/soulstory/upload/');
  return { access, offer };
};

describe('Soul Story takes kept on the device', () => {
  const browser = useBrowser();

  it('keeps a take saved offline and uploads it by itself when the connection returns', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    await page.goto('/soul-story');
    await recordTake(page);
    const network = await page.context().newCDPSession(page);
    const emulate = (offline: boolean) =>
      network.send('Network.emulateNetworkConditions', {
        offline,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    await emulate(true);
    await page.getByRole('button', { name: 'Save to My Story' }).click();
    await waitingStatus(page).waitFor();
    expect(await keptOnDevice(page)).toBe(1);
    // Offline, the page waits for the browser's online event rather than a timer.
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await emulate(false);
    await page.getByRole('article', { name: 'Memory 1: The Call' }).waitFor();
    expect(await serverTitles(access)).toEqual(['The Call']);
    await expect.poll(() => keptOnDevice(page)).toBe(0);
  });

  it('offers to finish a take a reload interrupted', async () => {
    const page = await browser.newPage();
    const { access, offer } = await interruptedTake(page);
    await expectAccessible(page);
    await offer.getByRole('button', { name: 'Finish uploading' }).click();
    await page.getByRole('article', { name: 'Memory 1: The Call' }).waitFor();
    await offer.waitFor({ state: 'detached' });
    expect(await serverTitles(access)).toEqual(['The Call']);
    expect(await keptOnDevice(page)).toBe(0);
  });

  it('forgets an interrupted take the pilgrim discards', async () => {
    const page = await browser.newPage();
    const { access, offer } = await interruptedTake(page);
    await offer.getByRole('button', { name: 'Discard' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await keptOnDevice(page)).toBe(0);
    expect(await serverTitles(access)).toEqual([]);
  });

  it('says so when the browser cannot keep a copy, and still uploads from the open tab', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined }));
    const { access } = await signUpAndSignIn(page);
    await page.goto('/soul-story');
    await recordTake(page);
    await page.route('**/api/soulstory/upload/', (route) => route.abort());
    await page.getByRole('button', { name: 'Save to My Story' }).click();
    await page
      .getByText(
        'This browser cannot keep a copy of your reflection; keep this tab open until it has uploaded.',
      )
      .waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Waiting for a connection$/ })
      .waitFor();
    await page.unroute('**/api/soulstory/upload/');
    await page.getByRole('article', { name: 'Memory 1: The Call' }).waitFor();
    expect(await serverTitles(access)).toEqual(['The Call']);
  });
});
