import path from 'node:path';
import type { Locator, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEEPSAKE_FILE_NAME } from '#contract/soul-story.ts';
import { baseURL, expectAccessible, SERVER_WORK_TIMEOUT, signUpAndSignIn, useBrowser } from './fixtures.ts';
import { ffmpeg, uploadMemory, useTestMedia } from './soul-story-media.ts';

const captionsOf = async (access: string, storyId: string) => {
  const response = await fetch(`${baseURL()}/api/soulstory/${storyId}/captions/`, {
    headers: { authorization: `Bearer ${access}` },
  });
  return { status: response.status, body: response.status === 200 ? await response.json() : null };
};

/** Saves a six-second take of The Call through the API: room for a few two-second lines. */
const saveTake = async (access: string, clip: string) => {
  const response = await uploadMemory(access, clip, 'call', 'The Call');
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
};

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses `key` (Tab by default) until `target` has the focus, as a keyboard user moves through a page. */
const pressUntilFocused = async (page: Page, target: Locator, key = 'Tab') => {
  await target.waitFor();
  for (let presses = 0; presses < 80; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target}`);
};

/** Moves to `target` with Tab and presses Enter on it `times` times. */
const pressButton = async (page: Page, target: Locator, times = 1) => {
  await pressUntilFocused(page, target);
  for (let press = 0; press < times; press += 1) await page.keyboard.press('Enter');
};

const editorOf = (page: Page) => page.getByRole('dialog', { name: 'Captions for The Call' });

const waitForSaved = (editor: Locator) =>
  expect.poll(() => editor.getByRole('status').innerText(), { timeout: SERVER_WORK_TIMEOUT }).toBe('Saved');

/** A share sheet that records what it is given, and takes files only when told to. */
const stubShareSheet = (page: Page, sheet: { takesFiles: boolean; answer?: 'AbortError' }) =>
  page.addInitScript((options) => {
    const received: unknown[] = [];
    Object.assign(window, { sharedWithSheet: received });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        received.push({
          title: data.title,
          url: data.url,
          files: (data.files ?? []).map((file) => ({ name: file.name, type: file.type, size: file.size })),
        });
        if (options.answer) throw new DOMException('Share canceled', options.answer);
      },
    });
    Object.defineProperty(navigator, 'canShare', {
      configurable: true,
      value: (data: ShareData) =>
        (data.files ?? []).every((file) => options.takesFiles && file.type === 'video/mp4'),
    });
  }, sheet);

const sharedWithSheet = (page: Page) =>
  page.evaluate(() => (window as unknown as { sharedWithSheet: unknown[] }).sharedWithSheet);

/**
 * The completion section of a pilgrim whose keepsake is finished and shared, and has a captioned version,
 * without a real render: the keepsake's answers and its video files come from the test.
 */
const showSharedKeepsake = async (page: Page) => {
  await signUpAndSignIn(page);
  const shareUrl = `${baseURL()}/s/e2e-share-token-0001`;
  const videoBytes = Buffer.from('not really an mp4, but the bytes to send');
  const videoRequests: string[] = [];
  await page.route('**/api/soulstory/completed-prompts/', (route) =>
    route.fulfill({ json: { completed_prompts: ['call', 'suffering', 'joy', 'what_found_you'] } }),
  );
  await page.route('**/api/soulstory/concatenated/', (route) =>
    route.fulfill({
      json: {
        video_url: '/e2e/keepsake.mp4',
        status: 'ready',
        progress: 100,
        poster_url: null,
        share_url: shareUrl,
        captions_url: null,
        captioned_video_url: '/e2e/keepsake-captioned.mp4',
      },
    }),
  );
  await page.route('**/api/soulstory/events/**', (route) => route.abort());
  await page.route('**/e2e/*.mp4', (route) => {
    videoRequests.push(new URL(route.request().url()).pathname);
    return route.fulfill({ body: videoBytes, contentType: 'video/mp4' });
  });
  await page.goto('/soul-story');
  const completion = page.getByRole('region', { name: 'Your Soul Story is Complete!' });
  await completion.getByRole('textbox', { name: 'Your share link' }).waitFor();
  return { completion, shareUrl, videoBytes, videoRequests };
};

describe('Captions', () => {
  const browser = useBrowser();
  const media = useTestMedia();
  let clip = '';

  beforeAll(async () => {
    clip = path.join(media().dir, 'six-seconds.webm');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '6', '-c:v', 'libvpx', '-c:a', 'libopus', clip],
    ]);
  });

  it('writes, splits, merges and times captions by keyboard alone, and saves them on their own', async () => {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    // The one failed load expected: the take's captions, which it has none of yet (a 404).
    const expectedFailure = 'Failed to load resource: the server responded with a status of 404 (Not Found)';
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const { access } = await signUpAndSignIn(page);
    const storyId = await saveTake(access, clip);
    await page.goto('/soul-story');
    const card = page.getByRole('article', { name: 'Memory 1: The Call' });

    // The card's options menu, by Tab, Enter and the arrow keys.
    await pressButton(page, card.getByRole('button', { name: 'Options for The Call' }));
    await pressUntilFocused(page, page.getByRole('menuitem', { name: 'Edit captions' }), 'ArrowDown');
    await page.keyboard.press('Enter');
    const editor = editorOf(page);
    await editor.getByText('No captions yet').waitFor();
    expect((await captionsOf(access, storyId)).status).toBe(404);

    // Two lines, each added at the paused video's time, its words typed where the focus lands.
    const addLine = editor.getByRole('button', { name: 'Add a line at the current time' });
    await pressButton(page, addLine);
    expect(await isFocused(editor.getByRole('textbox', { name: 'Line 1' }))).toBe(true);
    await page.keyboard.type('Buen Camino, friends');
    await pressButton(page, addLine);
    expect(await isFocused(editor.getByRole('textbox', { name: 'Line 2' }))).toBe(true);
    await page.keyboard.type('and family');

    // Split the first line at the cursor, after "Buen Camino,"; the time splits in the middle.
    await pressUntilFocused(page, editor.getByRole('textbox', { name: 'Line 1' }));
    await page.keyboard.press('Home');
    for (let step = 0; step < 'Buen Camino,'.length; step += 1) await page.keyboard.press('ArrowRight');
    await pressButton(page, editor.getByRole('button', { name: 'Split line 1' }));
    expect(await editor.getByRole('textbox', { name: 'Line 2' }).inputValue()).toBe('friends');
    expect(await isFocused(editor.getByRole('textbox', { name: 'Line 2' }))).toBe(true);

    // Merge the second half with the line after it, then nudge the times by tenths of a second.
    await pressButton(page, editor.getByRole('button', { name: 'Merge line 2 with line 3' }));
    expect(await editor.getByRole('textbox', { name: 'Line 2' }).inputValue()).toBe('friends and family');
    expect(await editor.getByRole('textbox', { name: 'Line 3' }).count()).toBe(0);
    await pressButton(page, editor.getByRole('button', { name: 'Line 1 ends 0.1 s later' }), 3);
    await pressButton(page, editor.getByRole('button', { name: 'Line 2 starts 0.1 s later' }), 3);
    await pressButton(page, editor.getByRole('button', { name: 'Line 2 ends 0.1 s earlier' }), 5);
    await waitForSaved(editor);

    expect(await captionsOf(access, storyId)).toEqual({
      status: 200,
      body: {
        language: 'en',
        source: 'pilgrim',
        vtt: 'WEBVTT\n\n00:00.000 --> 00:01.300\nBuen Camino,\n\n00:01.300 --> 00:03.500\nfriends and family\n',
      },
    });
    await editor.getByText('Written by you').waitFor();
    await expectAccessible(page);

    // The video shows the line at its time, beside it and on its own caption track.
    const now = editor.getByRole('region', { name: 'Line at the current time' });
    expect(await now.innerText()).toContain('Buen Camino,');
    const video = editor.locator('video');
    await expect
      .poll(() =>
        video.evaluate((element: HTMLVideoElement) => {
          const track = element.textTracks[0];
          return { mode: track?.mode, cues: track?.cues?.length };
        }),
      )
      .toEqual({ mode: 'showing', cues: 2 });
    await pressButton(page, editor.getByRole('button', { name: 'Play line 2' }));
    await expect.poll(() => now.innerText()).toContain('friends and family');

    // Closed with Escape; the memory's own video now has the captions as a track.
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => card.locator('track[kind="captions"]').count()).toBe(1);
    expect(await card.locator('track').getAttribute('src')).toMatch(/\.vtt$/);

    // Opened again, the editor starts from what was saved.
    await pressButton(page, card.getByRole('button', { name: 'Options for The Call' }));
    await pressUntilFocused(page, page.getByRole('menuitem', { name: 'Edit captions' }), 'ArrowDown');
    await page.keyboard.press('Enter');
    await editor.getByText('Written by you').waitFor();
    expect(await editor.getByRole('textbox', { name: 'Line 1' }).inputValue()).toBe('Buen Camino,');
    expect(await editor.getByRole('textbox', { name: 'Line 2' }).inputValue()).toBe('friends and family');
    expect(await editor.getByText('00:01.300 to 00:03.500').count()).toBe(1);
    expect(pageErrors).toEqual([expectedFailure]);
  });

  it('shows why the server refused the captions, tries again on request, and saves a change made just before closing', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    const storyId = await saveTake(access, clip);
    const refusal = 'A caption on line 3 ends at 00:09.000, after the reflection ends (00:06.000).';
    const refuse = (route: Route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 400, json: { error: refusal } })
        : route.continue();
    await page.route('**/api/soulstory/*/captions/', refuse);
    await page.goto('/soul-story');
    await page.getByRole('button', { name: 'Options for The Call' }).click();
    await page.getByRole('menuitem', { name: 'Edit captions' }).click();
    const editor = editorOf(page);
    await editor.getByRole('button', { name: 'Add a line at the current time' }).click();
    await page.keyboard.type('Ultreia');

    const refused = editor.getByRole('alert').filter({ hasText: 'Your captions were not saved' });
    await refused.getByText(refusal).waitFor();
    expect(await editor.getByRole('status').innerText()).toBe('Not saved');
    expect((await captionsOf(access, storyId)).status).toBe(404);

    await page.unroute('**/api/soulstory/*/captions/', refuse);
    await refused.getByRole('button', { name: 'Try again' }).click();
    await waitForSaved(editor);
    expect(await refused.count()).toBe(0);
    expect((await captionsOf(access, storyId)).body?.vtt).toBe(
      'WEBVTT\n\n00:00.000 --> 00:02.000\nUltreia\n',
    );

    // Closed within the second a save waits for: the change is saved as the editor closes.
    await editor.getByRole('textbox', { name: 'Line 1' }).fill('Ultreia et suseia');
    await editor.getByRole('button', { name: 'Close' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await captionsOf(access, storyId)).body?.vtt)
      .toBe('WEBVTT\n\n00:00.000 --> 00:02.000\nUltreia et suseia\n');
  });

  it('hands the share sheet the link and the captioned video file where the browser can share files', async () => {
    const page = await browser.newPage();
    await stubShareSheet(page, { takesFiles: true });
    const keepsake = await showSharedKeepsake(page);
    await keepsake.completion.getByRole('button', { name: 'Share', exact: true }).click();
    await expect
      .poll(() => sharedWithSheet(page))
      .toEqual([
        {
          title: 'My Soul Story',
          url: keepsake.shareUrl,
          files: [{ name: KEEPSAKE_FILE_NAME, type: 'video/mp4', size: keepsake.videoBytes.length }],
        },
      ]);
    expect(keepsake.videoRequests).toContain('/e2e/keepsake-captioned.mp4');
    // Copying the link stays on offer beside the share sheet.
    await keepsake.completion.getByRole('button', { name: 'Copy Link' }).waitFor();
  });

  it('hands over the link alone where files cannot be shared, and takes a closed share sheet calmly', async () => {
    const page = await browser.newPage();
    await stubShareSheet(page, { takesFiles: false, answer: 'AbortError' });
    const keepsake = await showSharedKeepsake(page);
    await keepsake.completion.getByRole('button', { name: 'Share', exact: true }).click();
    await expect
      .poll(() => sharedWithSheet(page))
      .toEqual([{ title: 'My Soul Story', url: keepsake.shareUrl, files: [] }]);
    expect(keepsake.videoRequests.filter((request) => request.includes('captioned'))).toEqual([]);
    await page.waitForTimeout(500);
    expect(await page.getByRole('alert').filter({ hasText: 'Sharing failed' }).count()).toBe(0);
  });

  it('offers Copy Link, and no Share button, where the browser has no share sheet', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, 'share');
      Reflect.deleteProperty(Navigator.prototype, 'canShare');
    });
    const { completion } = await showSharedKeepsake(page);
    await completion.getByRole('button', { name: 'Copy Link' }).waitFor();
    expect(await completion.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
  });
});
