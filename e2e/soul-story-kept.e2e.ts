import { access as exists, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, expectAccessible, SERVER_WORK_TIMEOUT, signUpAndSignIn, useBrowser } from './fixtures.ts';
import { ffmpeg, recordTake, waitUntilSaved } from './soul-story-media.ts';

/** The web client's tus chunk: a lost connection costs at most this much. */
const CHUNK = 5 * 1024 * 1024;
const isTus = (url: URL) => url.pathname.startsWith('/api/uploads/');

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

/** Takes the page offline and back, as a lost mobile connection would (the browser's online events too). */
const networkSwitch = async (page: Page) => {
  const network = await page.context().newCDPSession(page);
  return (offline: boolean) =>
    network.send('Network.emulateNetworkConditions', {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
};

const isTusPatch = (request: Request) => request.method() === 'PATCH' && isTus(new URL(request.url()));

/** PATCH bodies that carried the whole file, and no more than a tenth again: confirmed bytes are not resent. */
const expectEveryByteSentAboutOnce = (bodies: number[], size: number) => {
  const sent = bodies.reduce((sum, body) => sum + body, 0);
  expect(sent).toBeGreaterThanOrEqual(size);
  expect(sent).toBeLessThanOrEqual(1.1 * size);
};

const waitingStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Saved on this device · waiting for a connection' });

/** A take whose upload never got through, and the page reloaded: the page offers to finish it. */
const interruptedTake = async (page: Page) => {
  const { access } = await signUpAndSignIn(page);
  await page.goto('/soul-story');
  await recordTake(page);
  await page.route(isTus, (route) => route.abort());
  await page.getByRole('button', { name: 'Save to My Story' }).click();
  await waitingStatus(page).waitFor();
  await page.reload();
  const offer = page.getByRole('article', { name: 'Finish uploading your reflection for The Call?' });
  await offer.waitFor();
  await page.unroute(isTus);
  return { access, offer };
};

describe('Soul Story takes kept on the device', () => {
  const browser = useBrowser();

  it('keeps a take saved offline and uploads it by itself when the connection returns', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    await page.goto('/soul-story');
    await recordTake(page);
    const emulate = await networkSwitch(page);
    await emulate(true);
    await page.getByRole('button', { name: 'Save to My Story' }).click();
    await waitingStatus(page).waitFor();
    expect(await keptOnDevice(page)).toBe(1);
    // Offline, the page waits for the browser's online event rather than a timer.
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await emulate(false);
    await page.getByRole('article', { name: 'Memory 1: The Call' }).waitFor({ timeout: SERVER_WORK_TIMEOUT });
    expect(await serverTitles(access)).toEqual(['The Call']);
    await expect.poll(() => keptOnDevice(page)).toBe(0);
  });

  it('offers to finish a take a reload interrupted', async () => {
    const page = await browser.newPage();
    const { access, offer } = await interruptedTake(page);
    await expectAccessible(page);
    await offer.getByRole('button', { name: 'Finish uploading' }).click();
    await page.getByRole('article', { name: 'Memory 1: The Call' }).waitFor({ timeout: SERVER_WORK_TIMEOUT });
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
    await page.route(isTus, (route) => route.abort());
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
    await page.unroute(isTus);
    await page.getByRole('article', { name: 'Memory 1: The Call' }).waitFor({ timeout: SERVER_WORK_TIMEOUT });
    expect(await serverTitles(access)).toEqual(['The Call']);
  });

  it('sends a take as a resumable upload while it is recorded, so Save sends only its end', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    await page.goto('/soul-story');
    const sent: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/uploads/') || url.pathname === '/api/soulstory/upload/') {
        sent.push(`${request.method()} ${url.pathname.replace(/[^/]+$/, ':id')}`);
      }
    });
    await recordTake(page, 2.2);
    await page.getByText('Saved to your device · 100% uploaded').waitFor();
    const whileRecording = sent.length;
    expect(sent[0]).toBe('POST /api/uploads/');
    expect(sent.slice(1)).toEqual(Array(whileRecording - 1).fill('PATCH /api/uploads/:id'));
    expect(whileRecording).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'Save to My Story' }).click();
    await page.getByRole('article', { name: 'Memory 1: The Call' }).waitFor({ timeout: SERVER_WORK_TIMEOUT });
    // The last PATCH only declares the length: every byte was already there.
    expect(sent.slice(whileRecording)).toEqual(['PATCH /api/uploads/:id']);
    expect(await serverTitles(access)).toEqual(['The Call']);
    await expect.poll(() => keptOnDevice(page)).toBe(0);
  });

  describe('a take uploaded while it is recorded', () => {
    it('goes on after 5 s offline while recording, without sending confirmed bytes again', async () => {
      const page = await browser.newPage();
      const { access } = await signUpAndSignIn(page);
      await page.goto('/soul-story');
      const emulate = await networkSwitch(page);
      const patches: Request[] = [];
      /** The offsets of the PATCHes the server accepted, in order. */
      const confirmedOffsets: number[] = [];
      page.on('requestfinished', async (request) => {
        if (!isTusPatch(request)) return;
        patches.push(request);
        if ((await request.response())?.ok())
          confirmedOffsets.push(Number(request.headers()['upload-offset']));
      });
      await page.getByRole('button', { name: 'Record Now' }).click();
      await page.getByText(/^Saved to your device · \d+% uploaded$/).waitFor();
      // Part of the take is confirmed before the connection goes, however slow the machine.
      await expect.poll(() => confirmedOffsets.length, { timeout: SERVER_WORK_TIMEOUT }).toBeGreaterThan(0);
      await emulate(true);
      await page.getByText('Saved to your device · waiting for a connection').waitFor();
      await page
        .getByText('The connection is lost. Your recording is kept and will upload when it returns.')
        .waitFor();
      await page.waitForTimeout(5000);
      await emulate(false);
      await page.waitForTimeout(1500);
      await page.getByRole('button', { name: 'Stop Recording' }).click();
      await page.getByRole('button', { name: 'Save to My Story' }).click();
      await page
        .getByRole('article', { name: 'Memory 1: The Call' })
        .waitFor({ timeout: SERVER_WORK_TIMEOUT });
      expect(await serverTitles(access)).toEqual(['The Call']);
      const length = Number(patches.at(-1)?.headers()['upload-length']);
      const bodies = await Promise.all(
        patches.map(async (patch) => Number((await patch.allHeaders())['content-length'])),
      );
      // Several seconds of video from the fake camera; each accepted PATCH starts past the one before.
      expect(length).toBeGreaterThan(100_000);
      expect(confirmedOffsets).toEqual([...new Set(confirmedOffsets)].sort((a, b) => a - b));
      expectEveryByteSentAboutOnce(bodies, length);
      await expect.poll(() => keptOnDevice(page)).toBe(0);
    });

    it('offers after a reload mid-recording to finish it from the offset the server holds', async () => {
      const page = await browser.newPage();
      const { access } = await signUpAndSignIn(page);
      await page.goto('/soul-story');
      // The reload comes once the server has confirmed part of the take, however slow the machine.
      const confirmed = page.waitForResponse((response) => isTusPatch(response.request()) && response.ok());
      await page.getByRole('button', { name: 'Record Now' }).click();
      await page.getByText(/^Saved to your device · \d+% uploaded$/).waitFor();
      await confirmed;
      await page.reload();
      const offer = page.getByRole('article', { name: 'Finish uploading your reflection for The Call?' });
      await offer.waitFor();
      const offsets: number[] = [];
      page.on('request', (request) => {
        if (isTusPatch(request)) offsets.push(Number(request.headers()['upload-offset']));
      });
      await offer.getByRole('button', { name: 'Finish uploading' }).click();
      await waitUntilSaved(page, () => page.getByRole('article', { name: 'Memory 1: The Call' }).isVisible());
      // What the server confirmed while recording is not sent again.
      expect(offsets[0]).toBeGreaterThan(0);
      expect(await serverTitles(access)).toEqual(['The Call']);
      expect(await keptOnDevice(page)).toBe(0);
    });

    it('leaves nothing on the server, or on the device, when the pilgrim discards it', async () => {
      const page = await browser.newPage();
      const { access } = await signUpAndSignIn(page);
      await page.goto('/soul-story');
      const created = page.waitForResponse(
        (response) => response.request().method() === 'POST' && isTus(new URL(response.url())),
      );
      await page.getByRole('button', { name: 'Record Now' }).click();
      const uploadUrl = new URL((await (await created).headerValue('location')) ?? '', baseURL());
      const uploadFile = path.join(inject('dataDir'), 'uploads', path.basename(uploadUrl.pathname));
      await page.waitForTimeout(2200);
      await page.getByRole('button', { name: 'Stop Recording' }).click();
      await page.getByText('Saved to your device · 100% uploaded').waitFor();
      await exists(uploadFile);
      expect(await keptOnDevice(page)).toBe(1);
      await page.getByRole('button', { name: 'Discard' }).click();
      await page.getByRole('button', { name: 'Record Now' }).waitFor();
      const head = () =>
        fetch(uploadUrl, {
          method: 'HEAD',
          headers: { authorization: `Bearer ${access}`, 'tus-resumable': '1.0.0' },
        });
      await expect.poll(async () => (await head()).status).toBe(404);
      await expect(exists(uploadFile)).rejects.toThrow();
      expect(await keptOnDevice(page)).toBe(0);
      expect(await serverTitles(access)).toEqual([]);
    });
  });

  describe('a photo of several chunks', () => {
    let dir = '';
    let photo = '';
    let size = 0;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'soul-story-kept-'));
      photo = path.join(dir, 'meseta-noise.jpg');
      // Noise barely compresses: a real 11 MP JPEG of about 12 MB, three chunks.
      await ffmpeg([
        '-f',
        'lavfi',
        '-i',
        'nullsrc=s=3600x3000,geq=random(1)*255:random(1)*255:random(1)*255',
        '-q:v',
        '2',
        '-frames:v',
        '1',
        photo,
      ]);
      size = (await stat(photo)).size;
      expect(size).toBeGreaterThan(2 * CHUNK);
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    const choosePhoto = async (page: Page, title: string) => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: /^Upload a Photo/ }).click(),
      ]);
      await chooser.setFiles(photo);
      await page.getByRole('textbox', { name: 'Photo title' }).fill(title);
    };

    const patchOffset = (request: Request) =>
      request.method() === 'PATCH' ? Number(request.headers()['upload-offset']) : null;

    /** Stops the chunk starting at `offset` before it leaves the browser, once, then lets everything through. */
    const cutAt = async (page: Page, offset: number, onCut: () => Promise<void>) => {
      let cut = false;
      await page.route(isTus, async (route: Route) => {
        if (!cut && patchOffset(route.request()) === offset) {
          cut = true;
          await onCut();
          await route.abort('internetdisconnected');
          return;
        }
        await route.continue();
      });
      return () => cut;
    };

    /**
     * Stops every chunk from `offset` on before it leaves the browser, until the test unroutes: the
     * client's retries cannot reach the server, so it holds exactly `offset` bytes however long the
     * test takes to reload.
     */
    const holdFrom = (page: Page, offset: number) =>
      page.route(isTus, async (route: Route) => {
        const sentFrom = patchOffset(route.request());
        if (sentFrom !== null && sentFrom >= offset) {
          await route.abort('internetdisconnected');
          return;
        }
        await route.continue();
      });

    it('resumes after going offline midway without sending confirmed bytes again', async () => {
      const page = await browser.newPage();
      const { access } = await signUpAndSignIn(page);
      await page.goto('/soul-story');
      const emulate = await networkSwitch(page);
      // Each PATCH body is the file's slice from its Upload-Offset, one chunk at most.
      const bodies: number[] = [];
      page.on('requestfinished', (request) => {
        const offset = patchOffset(request);
        if (offset !== null) bodies.push(Math.min(CHUNK, size - offset));
      });
      const wasCut = await cutAt(page, CHUNK, () => emulate(true).then(() => undefined));
      await choosePhoto(page, 'Meseta at noon');
      await page.getByRole('button', { name: 'Save to My Story' }).click();
      await waitingStatus(page).waitFor();
      expect(wasCut()).toBe(true);
      expect(await keptOnDevice(page)).toBe(1);
      await emulate(false);
      await page
        .getByRole('article', { name: 'Memory 1: Meseta at noon' })
        .waitFor({ timeout: SERVER_WORK_TIMEOUT });
      expect(await serverTitles(access)).toEqual(['Meseta at noon']);
      expectEveryByteSentAboutOnce(bodies, size);
      await expect.poll(() => keptOnDevice(page)).toBe(0);
    });

    it('finishes after a reload from the offset the server holds', async () => {
      const page = await browser.newPage();
      const { access } = await signUpAndSignIn(page);
      await page.goto('/soul-story');
      await holdFrom(page, CHUNK);
      await choosePhoto(page, 'Cruz de Ferro');
      await page.getByRole('button', { name: 'Save to My Story' }).click();
      await waitingStatus(page).waitFor();
      await page.reload();
      const offer = page.getByRole('article', { name: 'Finish uploading your photo "Cruz de Ferro"?' });
      await offer.waitFor();
      await page.unroute(isTus);
      const offsets: number[] = [];
      page.on('request', (request) => {
        const offset = patchOffset(request);
        if (offset !== null) offsets.push(offset);
      });
      await offer.getByRole('button', { name: 'Finish uploading' }).click();
      await page
        .getByRole('article', { name: 'Memory 1: Cruz de Ferro' })
        .waitFor({ timeout: SERVER_WORK_TIMEOUT });
      expect(offsets).toEqual([CHUNK, 2 * CHUNK]);
      expect(await serverTitles(access)).toEqual(['Cruz de Ferro']);
      expect(await keptOnDevice(page)).toBe(0);
    });

    it('has the server drop the part it holds when the pilgrim discards', async () => {
      const page = await browser.newPage();
      const { access } = await signUpAndSignIn(page);
      await page.goto('/soul-story');
      await holdFrom(page, CHUNK);
      await choosePhoto(page, 'Finisterre');
      await page.getByRole('button', { name: 'Save to My Story' }).click();
      await waitingStatus(page).waitFor();
      const uploadUrl = await page.evaluate(
        () =>
          new Promise<string>((resolve, reject) => {
            const opening = indexedDB.open('pilgrim-soul-kept-takes');
            opening.onerror = () => reject(opening.error);
            opening.onsuccess = () => {
              const reading = opening.result.transaction('items').objectStore('items').getAll();
              reading.onsuccess = () => {
                opening.result.close();
                resolve((reading.result[0] as { uploadUrl: string }).uploadUrl);
              };
            };
          }),
      );
      const head = () =>
        fetch(new URL(uploadUrl, baseURL()), {
          method: 'HEAD',
          headers: { authorization: `Bearer ${access}`, 'tus-resumable': '1.0.0' },
        });
      expect((await head()).headers.get('upload-offset')).toBe(String(CHUNK));
      await page.reload();
      const offer = page.getByRole('article', { name: 'Finish uploading your photo "Finisterre"?' });
      await offer.getByRole('button', { name: 'Discard' }).click();
      await offer.waitFor({ state: 'detached' });
      await expect.poll(async () => (await head()).status).toBe(404);
      expect(await keptOnDevice(page)).toBe(0);
      expect(await serverTitles(access)).toEqual([]);
    });
  });
});
