import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, soulStoryMessages } from '#contract/soul-story.ts';
import { ffprobeChapters } from '#test/soul-stories.ts';
import {
  baseURL,
  chooseFileOfSize,
  expectAccessible,
  SERVER_WORK_TIMEOUT,
  signUpAndSignIn,
  useBrowser,
} from './fixtures.ts';
import {
  decodeErrors,
  ffprobe,
  recordTake,
  saveTake,
  uploadMemory,
  useTestMedia,
} from './soul-story-media.ts';

const promptNames = ['The Call', 'The Suffering', 'The Joy', 'What Found You'];

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

const memories = (page: Page) => page.getByRole('article', { name: /^Memory \d+:/ });

/** The memory titles in the order the grid shows them. */
const gridOrder = async (page: Page) =>
  (
    await memories(page).evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''))
  ).map((label) => label.replace(/^Memory \d+: /, ''));

const serverOrder = async (access: string) => {
  const response = await fetch(`${baseURL()}/api/soulstories/`, {
    headers: { authorization: `Bearer ${access}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { title: string }[]).map((story) => story.title);
};

const waitForOrder = async (page: Page, access: string, expected: string[]) => {
  await expect.poll(() => gridOrder(page)).toEqual(expected);
  await expect.poll(() => serverOrder(access)).toEqual(expected);
};

const captureHeading = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Capture a Memory' }).getByRole('heading', { name, exact: true });

/** The page sends takes and photos as tus uploads. */
const isTusUpload = (url: URL) => url.pathname.startsWith('/api/uploads/');

const choosePhoto = async (page: Page, button: Locator, file: string) => {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
};

/** Browser console errors, apart from the network log lines of answers the test expects to fail. */
const watchConsole = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

describe('Soul Story', () => {
  const browser = useBrowser();
  const media = useTestMedia();

  it('records four prompts, adds photos, arranges them, and downloads and shares the keepsake', async () => {
    const page = await browser.newPage();
    const consoleErrors = watchConsole(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    const { access } = await signUpAndSignIn(page);
    await page.goto('/soul-story');

    await page.getByRole('heading', { name: 'What is Soul Stories?' }).waitFor();
    await page.getByRole('heading', { name: 'How It Works' }).waitFor();
    await captureHeading(page, 'The Call').waitFor();
    await expectAccessible(page);

    // The first take: the live preview is mirrored and at most 480 px wide, 16:9.
    await page.getByRole('button', { name: 'Record Now' }).click();
    const live = page.getByLabel('Live camera preview for The Call');
    await live.waitFor();
    const liveStyle = await live.evaluate((video) => ({
      transform: getComputedStyle(video).transform,
      width: video.getBoundingClientRect().width,
      height: video.getBoundingClientRect().height,
    }));
    expect(liveStyle.transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    expect(liveStyle.width).toBeLessThanOrEqual(480);
    expect(liveStyle.width / liveStyle.height).toBeCloseTo(16 / 9, 1);
    await page.waitForTimeout(1200);
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await page.getByRole('button', { name: 'Save to My Story' }).waitFor();

    // An interrupted upload keeps the take and tries again by itself: no new recording, no second Save.
    await page.route(isTusUpload, (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Save to My Story' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Saved on this device · waiting for a connection' })
      .waitFor();
    await page.unroute(isTusUpload);
    await toast(page, 'Story saved!').waitFor({ timeout: SERVER_WORK_TIMEOUT });
    await captureHeading(page, 'The Suffering').waitFor();

    // Discard throws a take away and leaves the prompt as it was.
    await recordTake(page);
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('button', { name: 'Record Now' }).waitFor();
    await captureHeading(page, 'The Suffering').waitFor();

    for (const name of promptNames.slice(1)) {
      await captureHeading(page, name).waitFor();
      await recordTake(page);
      await page.getByRole('button', { name: 'Save to My Story' }).click();
      await page.getByRole('button', { name: 'Save to My Story' }).waitFor({ state: 'detached' });
    }
    await page.getByRole('heading', { name: 'Your Soul Story is Complete!' }).waitFor();
    await expect.poll(() => gridOrder(page)).toEqual(promptNames);

    // Captions written for a recorded take: the editor knows its length, though the browser's WebM names none.
    await page.getByRole('button', { name: 'Options for The Call' }).click();
    await page.getByRole('menuitem', { name: 'Edit captions' }).click();
    const editor = page.getByRole('dialog', { name: 'Captions for The Call' });
    await editor.getByRole('button', { name: 'Add a line at the current time' }).click();
    await editor.getByRole('textbox', { name: 'Line 1' }).fill('Buen Camino');
    await expect
      .poll(() => editor.getByRole('status').innerText(), { timeout: SERVER_WORK_TIMEOUT })
      .toBe('Saved');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });

    // Photos: images only, a title each, at most three.
    const photoButton = page.getByRole('button', { name: /^Upload a Photo/ });
    expect(await photoButton.innerText()).toBe('Upload a Photo (0/3)');
    await choosePhoto(page, photoButton, media().notAnImage);
    await toast(page, 'Only image files are allowed').waitFor();
    const photoTitles = ['Meseta at dawn', 'Cruz de Ferro', 'Finisterre'];
    for (const [index, file] of media().photos.entries()) {
      await choosePhoto(page, photoButton, file);
      await page.getByRole('img', { name: 'Preview of your photo' }).waitFor();
      if (index === 0) {
        await page.getByRole('button', { name: 'Save to My Story' }).click();
        await toast(page, 'Please give your photo a title').waitFor();
      }
      await page.getByRole('textbox', { name: 'Photo title' }).fill(photoTitles[index]!);
      await page.getByRole('button', { name: 'Save to My Story' }).click();
      await expect
        .poll(() => photoButton.innerText(), { timeout: 15_000 })
        .toBe(`Upload a Photo (${index + 1}/3)`);
    }
    expect(await photoButton.isDisabled()).toBe(true);
    const allTitles = [...promptNames, ...photoTitles];
    await waitForOrder(page, access, allTitles);
    await expectAccessible(page);

    // Menu: Move Up is off for the first card, Move Down for the last.
    await page.getByRole('button', { name: 'Options for The Call' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Move Up' }).isDisabled()).toBe(true);
    await page.getByRole('menuitem', { name: 'Move Down' }).click();
    // The closing menu stays in the page for its transition: the next one's items are asked for once it has gone.
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await waitForOrder(page, access, ['The Suffering', 'The Call', ...allTitles.slice(2)]);
    await page.getByRole('button', { name: 'Options for Finisterre' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Move Down' }).isDisabled()).toBe(true);
    await page.getByRole('menuitem', { name: 'Move Up' }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    const afterMenu = [
      'The Suffering',
      'The Call',
      'The Joy',
      'What Found You',
      'Meseta at dawn',
      'Finisterre',
      'Cruz de Ferro',
    ];
    await waitForOrder(page, access, afterMenu);

    // Drag with the pointer: the last card's centre onto the first card's.
    const handle = page.getByRole('button', { name: 'Drag to reorder Cruz de Ferro' });
    const source = memories(page).last();
    const target = memories(page).first();
    await page.getByRole('heading', { name: 'My Memories' }).evaluate((heading) => heading.scrollIntoView());
    const grip = (await handle.boundingBox())!;
    const card = (await source.boundingBox())!;
    const spot = (await target.boundingBox())!;
    const start = { x: grip.x + grip.width / 2, y: grip.y + grip.height / 2 };
    const shiftX = spot.x + spot.width / 2 - (card.x + card.width / 2);
    const shiftY = spot.y + spot.height / 2 - (card.y + card.height / 2);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 10, start.y - 10, { steps: 3 });
    await page.mouse.move(start.x + shiftX, start.y + shiftY, { steps: 15 });
    await page.waitForTimeout(200);
    await page.mouse.up();
    const afterDrag = ['Cruz de Ferro', ...afterMenu.slice(0, 6)];
    await waitForOrder(page, access, afterDrag);

    // Drag with the keyboard: pick up the first card, move it one place right, drop it.
    await page.getByRole('button', { name: 'Drag to reorder Cruz de Ferro' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    const afterKeyboard = ['The Suffering', 'Cruz de Ferro', ...afterDrag.slice(2)];
    await waitForOrder(page, access, afterKeyboard);

    // Delete a photo after confirming; the photo button counts down again.
    await page.getByRole('button', { name: 'Options for Meseta at dawn' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await dialog.getByText('Are you sure? This memory will be permanently deleted.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Memory deleted').waitFor();
    const finalOrder = afterKeyboard.filter((title) => title !== 'Meseta at dawn');
    await waitForOrder(page, access, finalOrder);
    expect(await photoButton.innerText()).toBe('Upload a Photo (2/3)');
    expect(await photoButton.isDisabled()).toBe(false);

    // The keepsake of the final order, then its download.
    const keepsake = page.getByLabel('Your Soul Story video');
    await keepsake.waitFor({ timeout: 300_000 });
    await page.getByText(/Updating your video/).waitFor({ state: 'detached', timeout: 300_000 });
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download (.mp4)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('my-soul-story.mp4');
    const saved = path.join(media().dir, 'downloaded.mp4');
    await download.saveAs(saved);
    const probed = await ffprobe(saved);
    // The data track holds the chapters' titles, as QuickTime players read them; the subtitle track, the captions.
    expect(probed.streams.map((stream) => stream.codec_type).sort()).toEqual([
      'audio',
      'data',
      'subtitle',
      'video',
    ]);
    expect(probed.streams.find((stream) => stream.codec_type === 'subtitle')?.codec_name).toBe('mov_text');
    expect(probed.streams.find((stream) => stream.codec_type === 'video')?.codec_name).toBe('h264');
    // Four takes of about a second, two photos, four title cards, and the opening and closing cards.
    expect(probed.duration).toBeGreaterThan(6);
    expect((await ffprobeChapters(saved)).map((chapter) => chapter.title)).toEqual([
      'My Soul Story',
      ...finalOrder,
      'Buen Camino',
    ]);
    expect(await decodeErrors(saved)).toBe('');

    // The words drawn on the picture, for the apps that ignore a subtitle track: made on request.
    await page.getByRole('button', { name: 'Make a copy with the captions on the picture' }).click();
    await page
      .getByRole('link', { name: 'Download with captions (.mp4)' })
      .waitFor({ timeout: SERVER_WORK_TIMEOUT });

    // Sharing: a public link, copied, opened by someone signed out with a link preview.
    const completion = page.getByRole('region', { name: 'Your Soul Story is Complete!' });
    await completion.getByRole('button', { name: 'Share My Story' }).click();
    const linkInput = page.getByRole('textbox', { name: 'Your share link' });
    await linkInput.waitFor();
    const shareUrl = await linkInput.inputValue();
    expect(shareUrl).toMatch(/\/s\/[A-Za-z0-9_-]{16,64}$/);
    const encoded = encodeURIComponent(shareUrl);
    expect(await completion.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toContain(encoded);
    expect(await completion.getByRole('link', { name: 'Twitter' }).getAttribute('href')).toContain(encoded);
    expect(await completion.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toContain(encoded);
    await page.getByRole('button', { name: 'Copy Link' }).click();
    await toast(page, 'Link Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);

    const sharePath = new URL(shareUrl).pathname;
    const visitor = await browser.newPage();
    const visitorErrors = watchConsole(visitor);
    await visitor.goto(sharePath);
    const sharedVideo = visitor.locator('video');
    await sharedVideo.waitFor();
    // The page plays the video through the share itself: no owner id, no stored file's name.
    const sharedVideoPath = `${sharePath}/keepsake.mp4`;
    expect(await sharedVideo.getAttribute('src')).toBe(sharedVideoPath);
    expect(await sharedVideo.getAttribute('poster')).toBe(`${sharePath}/poster.jpg`);
    expect((await fetch(`${baseURL()}${sharedVideoPath}`, { headers: { range: 'bytes=0-9' } })).status).toBe(
      206,
    );
    // The captions play with the shared video, and its captioned copy is there to download.
    const sharedCaptions = await sharedVideo.evaluate(async (video: HTMLVideoElement) => {
      const track = video.querySelector('track');
      if (track && track.readyState !== 2)
        await new Promise((loaded) => track.addEventListener('load', loaded, { once: true }));
      return {
        kind: track?.kind,
        cues: Array.from(video.textTracks[0]?.cues ?? [], (cue) => (cue as VTTCue).text),
      };
    });
    expect(sharedCaptions).toEqual({ kind: 'captions', cues: ['Buen Camino'] });
    await visitor.getByRole('link', { name: 'Download with captions (.mp4)' }).waitFor();
    await expectAccessible(visitor);
    const html = await (await fetch(`${baseURL()}${sharePath}`)).text();
    for (const tag of ['og:title', 'og:image', 'og:video']) expect(html).toContain(`property="${tag}"`);
    expect(html).toContain('name="twitter:card"');

    // Stopping sharing takes the page and its preview away.
    await page.getByRole('button', { name: 'Stop Sharing' }).click();
    await page.getByRole('button', { name: 'Share My Story' }).waitFor();
    await visitor.reload();
    await visitor.getByText('This Soul Story is no longer shared.').waitFor();
    expect(await visitor.locator('video').count()).toBe(0);
    const revokedHtml = await (await fetch(`${baseURL()}${sharePath}`)).text();
    expect(revokedHtml).not.toContain('og:video');
    expect((await fetch(`${baseURL()}${sharedVideoPath}`)).status).toBe(404);

    expect(consoleErrors).toEqual([]);
    expect(visitorErrors).toEqual([]);
  }, 600_000);

  it('says so when a take was stopped before the camera gave anything, and keeps nothing', async () => {
    const page = await browser.newPage();
    // A recorder that hands over no data, as one stopped before the camera's first frame does.
    await page.addInitScript(() => {
      const handler = Object.getOwnPropertyDescriptor(MediaRecorder.prototype, 'ondataavailable')!;
      Object.defineProperty(MediaRecorder.prototype, 'ondataavailable', {
        configurable: true,
        get() {
          return handler.get!.call(this);
        },
        set() {
          handler.set!.call(this, null);
        },
      });
    });
    const { access } = await signUpAndSignIn(page);
    const uploads: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/uploads/'))
        uploads.push(`${response.request().method()} ${response.status()}`);
    });
    await page.goto('/soul-story');
    await page.getByRole('button', { name: 'Record Now' }).click();
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await toast(page, soulStoryMessages.nothingRecorded).waitFor();
    await page.getByRole('button', { name: 'Record Now' }).waitFor();
    await captureHeading(page, 'The Call').waitFor();
    expect(await page.getByRole('button', { name: 'Save to My Story' }).count()).toBe(0);
    expect(await serverOrder(access)).toEqual([]);
    // An upload the recording opened is dropped on the server.
    await expect
      .poll(() => uploads.filter((upload) => upload === 'DELETE 204').length)
      .toBe(uploads.filter((upload) => upload.startsWith('POST')).length);
  });

  it('resets capture with the browser’s message when the camera fails', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied by the pilgrim', 'NotAllowedError'));
    });
    await signUpAndSignIn(page);
    await page.goto('/soul-story');
    await page.getByRole('button', { name: 'Record Now' }).click();
    await toast(page, 'Camera Error').getByText('Permission denied by the pilgrim').waitFor();
    await page.getByRole('button', { name: 'Record Now' }).waitFor();
    expect(await page.getByRole('button', { name: 'Stop Recording' }).count()).toBe(0);
    // Recording can be tried again, or a video already made can be chosen instead.
    await page.getByText('The camera could not be opened.').waitFor();
    await page.getByRole('button', { name: 'Choose a Video File' }).waitFor();
  });

  it('offers a video file where there is no camera, saved as the prompt', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      navigator.mediaDevices.enumerateDevices = () => Promise.resolve([]);
    });
    const { access } = await signUpAndSignIn(page);
    await page.goto('/soul-story');
    await page.getByText('No camera was found').waitFor();
    expect(await page.getByRole('button', { name: 'Record Now' }).count()).toBe(0);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Choose a Video File' }).click(),
    ]);
    await chooser.setFiles(media().clip);
    await page.getByLabel('Preview of The Call').waitFor();
    // A slow connection shows how far the upload has come.
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 10_000,
    });
    await page.getByRole('button', { name: 'Save to My Story' }).click();
    await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await page.getByText(/^Uploading… [1-9]\d?%$/).waitFor();
    await toast(page, 'Story saved!').waitFor({ timeout: SERVER_WORK_TIMEOUT });
    await captureHeading(page, 'The Suffering').waitFor();
    const stories = await fetch(`${baseURL()}/api/soulstories/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    const [saved] = (await stories.json()) as { title: string; type: string; media_url: string }[];
    expect(saved).toMatchObject({ title: 'The Call', type: 'call' });
    expect(saved?.media_url).toMatch(/\.webm$/);
  });

  it('says so when the memories cannot be loaded', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    await page.route('**/api/soulstories/', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Something went wrong"}',
      }),
    );
    await page.goto('/soul-story');
    await toast(page, 'Failed to load stories').waitFor();
  });

  it('shows the server’s reason when a photo is refused, keeps it for another try, and stops one too large before sending', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    await page.goto('/soul-story');
    const photoButton = page.getByRole('button', { name: /^Upload a Photo/ });
    // Named like a PNG, but its content is text: the server judges by content.
    await choosePhoto(page, photoButton, media().renamedText);
    await page.getByRole('textbox', { name: 'Photo title' }).fill('Not really a photo');
    await page.getByRole('button', { name: 'Save to My Story' }).click();
    await toast(page, 'Upload Failed').getByText('Only image files are allowed').waitFor();
    await page.getByRole('button', { name: 'Save to My Story' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Photo title' }).inputValue()).toBe('Not really a photo');
    expect(await photoButton.count()).toBe(0);
    await page.getByRole('button', { name: 'Discard' }).click();
    expect(await photoButton.innerText()).toBe('Upload a Photo (0/3)');

    // Too large to send at all: said before any upload starts, and nothing is kept.
    await chooseFileOfSize(
      page.locator('input[type=file][accept="image/*"]'),
      'panorama.jpg',
      'image/jpeg',
      MAX_PHOTO_BYTES + 1,
    );
    await toast(page, soulStoryMessages.photoTooLarge).waitFor();
    expect(await page.getByRole('textbox', { name: 'Photo title' }).count()).toBe(0);
    expect(await photoButton.innerText()).toBe('Upload a Photo (0/3)');
  });

  it('answers a large file that is not an image with the reason, instead of leaving the upload hanging', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    await page.goto('/soul-story');
    await page.getByRole('button', { name: /^Upload a Photo/ }).waitFor();
    // Refused by its first bytes while the browser is still sending the other 12 MB.
    await chooseFileOfSize(
      page.locator('input[type=file][accept="image/*"]'),
      'scan.jpg',
      'image/jpeg',
      12 * 1024 * 1024,
    );
    await page.getByRole('textbox', { name: 'Photo title' }).fill('Blank page');
    await page.getByRole('button', { name: 'Save to My Story' }).click();
    await toast(page, 'Upload Failed').getByText(soulStoryMessages.onlyImages).waitFor();
    await page.getByRole('button', { name: 'Save to My Story' }).waitFor();
  });

  it('shows the final video’s progress while it renders, and says so if it failed', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    let keepsake = {
      video_url: null,
      status: 'rendering',
      progress: 40,
      poster_url: null,
      share_url: null,
      captions_url: null,
      captioned_video_url: null,
    };
    await page.route('**/api/soulstory/completed-prompts/', (route) =>
      route.fulfill({ json: { completed_prompts: ['call', 'suffering', 'joy', 'what_found_you'] } }),
    );
    await page.route('**/api/soulstory/concatenated/', (route) => route.fulfill({ json: keepsake }));
    // Without the events stream the page falls back to polling.
    await page.route('**/api/soulstory/events/**', (route) => route.abort());
    await page.goto('/soul-story');
    const completion = page.getByRole('region', { name: 'Your Soul Story is Complete!' });
    await completion.getByText('Generating your final video...').waitFor();
    const bar = completion.getByRole('progressbar', { name: 'Final video progress' });
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 10_000 }).toBe('40');
    keepsake = { ...keepsake, progress: 75 };
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 10_000 }).toBe('75');
    keepsake = { ...keepsake, status: 'failed' };
    await completion.getByText('Your final video could not be made').waitFor();
    expect(await completion.getByText('Generating your final video...').count()).toBe(0);
  });

  it('shows the keepsake the events stream brings, though a poll begun before it answers after it that it is still rendering', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    for (const [index, type] of ['call', 'suffering', 'joy', 'what_found_you'].entries())
      expect((await uploadMemory(access, media().clip, type, promptNames[index]!)).status).toBe(201);
    const keepsakeUrl = async () => {
      const answer = await fetch(`${baseURL()}/api/soulstory/concatenated/`, {
        headers: { authorization: `Bearer ${access}` },
      });
      return ((await answer.json()) as { video_url: string | null }).video_url;
    };
    await expect.poll(keepsakeUrl, { timeout: 300_000, interval: 1000 }).not.toBeNull();
    // Every poll says the video is still rendering, and answers only once the stream is open: only the
    // stream's first event can bring the finished keepsake, and the poll's older news must not undo it.
    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'eventsource') streams.push(new URL(request.url()).pathname);
    });
    await page.route('**/api/soulstory/concatenated/', async (route) => {
      await expect.poll(() => streams.length).toBeGreaterThan(0);
      await page.waitForTimeout(1500);
      await route.fulfill({
        json: {
          video_url: null,
          status: 'rendering',
          progress: 0,
          poster_url: null,
          share_url: null,
          captions_url: null,
          captioned_video_url: null,
        },
      });
    });
    await page.goto('/soul-story');
    await page.getByLabel('Your Soul Story video').waitFor();
    await page.waitForTimeout(3000);
    expect(await page.getByLabel('Your Soul Story video').isVisible()).toBe(true);
    expect(streams).toContain('/api/soulstory/events/');
  }, 420_000);

  it('puts the order back when it cannot be saved, and keeps a memory that failed to delete', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    for (const [index, title] of ['Meseta at dawn', 'Cruz de Ferro'].entries()) {
      expect((await uploadMemory(access, media().photos[index]!, 'photo', title)).status).toBe(201);
    }
    await page.route('**/api/soulstories/reorder/', (route) =>
      route.fulfill({ status: 500, json: { error: 'Something went wrong' } }),
    );
    await page.route('**/api/soulstory/*/delete/', (route) =>
      route.fulfill({ status: 500, json: { error: 'Something went wrong' } }),
    );
    await page.goto('/soul-story');
    await expect.poll(() => gridOrder(page)).toEqual(['Meseta at dawn', 'Cruz de Ferro']);

    await page.getByRole('button', { name: 'Options for Meseta at dawn' }).click();
    await page.getByRole('menuitem', { name: 'Move Down' }).click();
    await toast(page, 'Failed to save order').waitFor();
    await expect.poll(() => gridOrder(page)).toEqual(['Meseta at dawn', 'Cruz de Ferro']);

    await page.getByRole('button', { name: 'Options for Cruz de Ferro' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Deletion' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'Failed to delete').waitFor();
    expect(await gridOrder(page)).toEqual(['Meseta at dawn', 'Cruz de Ferro']);
    expect(await serverOrder(access)).toEqual(['Meseta at dawn', 'Cruz de Ferro']);
  });

  it('records the prompt chosen on the notifications page', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    await page.goto('/notifications');
    await page.getByRole('article', { name: 'The Joy' }).getByRole('button', { name: 'Record Now' }).click();
    await page.waitForURL('**/soul-story');
    await captureHeading(page, 'The Joy').waitFor();
    await recordTake(page, 0.8);
    await page.getByRole('button', { name: 'Save to My Story' }).click();
    await toast(page, 'Story saved!').waitFor({ timeout: SERVER_WORK_TIMEOUT });
    // With The Joy done, the next prompt is the first one still open.
    await captureHeading(page, 'The Call').waitFor();
    await expect.poll(() => gridOrder(page)).toEqual(['The Joy']);
  });

  it('records the next prompt when Record Now follows Save at once, before the page has heard back', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    await page.goto('/soul-story');
    await captureHeading(page, 'The Call').waitFor();
    await recordTake(page, 0.8);
    // What the page reloads after a Save is held back, as on a slow link to a busy server.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const reloads = (url: URL) =>
      ['/api/soulstory/completed-prompts/', '/api/soulstories/'].includes(url.pathname);
    await page.route(reloads, async (route) => {
      await answered;
      await route.continue();
    });
    await saveTake(page);
    await captureHeading(page, 'The Suffering').waitFor();
    await recordTake(page, 0.8);
    await saveTake(page);
    answer();
    await captureHeading(page, 'The Joy').waitFor();
    expect(await serverOrder(access)).toEqual(['The Call', 'The Suffering']);
  });
});
