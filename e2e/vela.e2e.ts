import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  chatErrorReplies,
  chatMessages,
  SAFETY_REPLY,
  SCHEDULING_FAILED_FOLLOW_UP_MS,
  worldviewMessages,
} from '#contract/vela.ts';
import { baseURL, signUpAndSignIn, useBrowser } from './fixtures.ts';

/**
 * axe on the chat itself. The shared toasts (close button without a name) and the compact footer
 * (link contrast) have violations of their own, reported to the lead, so they are left out here.
 */
const expectChatAccessible = async (page: Page) => {
  const results = await new AxeBuilder({ page }).include('#vela-chat').analyze();
  const blocking = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(blocking.map((violation) => violation.id)).toEqual([]);
};

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const visible = (page: Page, text: string) => page.getByText(text, { exact: false }).first().waitFor();

const closeNote = async (page: Page) => {
  const note = page.getByRole('dialog', { name: chatMessages.noteTitle });
  await note.waitFor();
  await note.getByRole('button', { name: 'I understand' }).click();
  await note.waitFor({ state: 'hidden' });
};

/**
 * Goes through every onboarding dialog, checking the warning each one gives when left empty; the
 * worldview is remembered only when the test ticks the consent box.
 */
const onboard = async (
  page: Page,
  options: { checkWarnings?: boolean; rememberWorldview?: boolean } = {},
) => {
  await page.goto('/chatbot');
  await closeNote(page);
  const intro = page.getByRole('dialog', { name: chatMessages.introTitle });
  await intro.getByRole('button', { name: 'Continue' }).click();

  const dates = page.getByRole('dialog', { name: chatMessages.startDateTitle });
  const dateInput = dates.getByLabel('Start date');
  expect(await dateInput.inputValue()).toBe(new Date().toLocaleDateString('en-CA'));
  if (options.checkWarnings) {
    await dateInput.fill('');
    await dates.getByRole('button', { name: 'Continue' }).click();
    await visible(page, chatMessages.selectDate);
  }
  await dateInput.fill(daysAgo(3));
  await dates.getByRole('button', { name: 'Continue' }).click();

  const durations = page.getByRole('dialog', { name: chatMessages.durationTitle });
  if (options.checkWarnings) {
    await durations.getByRole('button', { name: 'Continue' }).click();
    await visible(page, chatMessages.selectDuration);
  }
  await durations.getByRole('radio', { name: '7 days or less' }).check();
  await durations.getByRole('button', { name: 'Continue' }).click();

  const vibe = page.getByRole('dialog', { name: chatMessages.vibeTitle });
  await vibe.getByRole('radio', { name: 'Unknown Worldview (Thich Nhat Hanh)' }).waitFor();
  if (options.checkWarnings) {
    await vibe.getByRole('button', { name: 'Continue' }).click();
    await visible(page, chatMessages.selectVibe);
  }
  await vibe.getByRole('radio', { name: 'Agnostic' }).check();
  const consent = vibe.getByRole('checkbox', { name: worldviewMessages.consentLabel });
  expect(await consent.isChecked()).toBe(false);
  if (options.rememberWorldview) await consent.check();
  await vibe.getByRole('button', { name: 'Continue' }).click();
  await vibe.waitFor({ state: 'hidden' });
};

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation with Vela' });
const lastReply = (page: Page) => conversation(page).locator('[data-role="assistant"]').last();

const send = async (page: Page, text: string) => {
  const box = page.getByRole('textbox', { name: 'Your message' });
  await box.fill(text);
  await box.press('Enter');
};

/** Waits until Vela has answered: one more reply on screen and Send enabled again. */
const waitForReply = async (page: Page, repliesBefore: number) => {
  await page.waitForFunction((count) => {
    const send = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Send');
    const replies = document.querySelectorAll('[data-role="assistant"]').length;
    return replies > count && send && !send.disabled;
  }, repliesBefore);
  return lastReply(page).innerText();
};

const replyCount = (page: Page) => conversation(page).locator('[data-role="assistant"]').count();

describe('Vela, the companion chat', () => {
  const browser = useBrowser();

  it('onboards a first-time pilgrim with the offline guide, converses, and welcomes them back', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    await onboard(page, { checkWarnings: true, rememberWorldview: true });

    await visible(page, chatMessages.greetings[0]);
    await visible(page, chatMessages.promptsScheduled);
    await visible(page, chatMessages.offlineMode);
    const profile = await (
      await fetch(`${baseURL()}/api/profile/`, { headers: { authorization: `Bearer ${access}` } })
    ).json();
    expect(profile).toMatchObject({ vibe: 'Agnostic', camino_start_date: daysAgo(3), camino_duration: 7 });
    expect(Date.now() - Date.parse(profile.vibe_consent_at)).toBeLessThan(60_000);
    await expectChatAccessible(page);

    const box = page.getByRole('textbox', { name: 'Your message' });
    const before = await replyCount(page);
    await box.fill('I walked from Sarria with my sister.');
    await box.press('Enter');
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await visible(page, 'I walked from Sarria with my sister.');
    const reply = await waitForReply(page, before);
    expect(reply).toMatch(/sister/);
    expect(reply.trim()).toMatch(/\?$/);

    await box.fill('   ');
    await box.press('Enter');
    await box.fill('The first line');
    await box.press('Shift+Enter');
    await box.pressSequentially('the second');
    expect(await box.inputValue()).toBe('The first line\nthe second');
    await box.fill('');
    expect(await conversation(page).locator('[data-role="user"]').count()).toBe(1);

    await page.reload();
    await closeNote(page);
    await visible(page, chatMessages.welcomeBack);
    await visible(page, 'I walked from Sarria with my sister.');
    expect(await page.getByRole('dialog', { name: chatMessages.introTitle }).count()).toBe(0);
  });

  it('answers a cry for help in the pilgrim’s language with a helpline, never the rebuke', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    await onboard(page);
    await send(page, 'quiero morir');
    await visible(page, 'Tu vida importa');
    const helpline = page.getByRole('group', { name: 'Helpline' }).last();
    await visible(page, 'Support in Spain');
    expect(await helpline.innerText()).toContain('024');
    await page.getByLabel('Not in this country? Choose another').first().click();
    await page.getByRole('option', { name: 'United States' }).click();
    await visible(page, '988 Suicide & Crisis Lifeline');

    const replies = await replyCount(page);
    await send(page, 'Since I came home I want to end my life');
    expect(await waitForReply(page, replies)).toContain(
      'You matter, and you do not have to go through this alone.',
    );
    expect(await conversation(page).innerText()).not.toContain(SAFETY_REPLY);
    await expectChatAccessible(page);
  });

  it('gives each reply of the error catalogue', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    await onboard(page);
    const cases: [string, (route: Route) => Promise<void>][] = [
      [chatErrorReplies.serverError, (route) => route.fulfill({ status: 500, json: { error: 'boom' } })],
      [chatErrorReplies.unexpectedFormat, (route) => route.fulfill({ status: 200, json: { answer: 'odd' } })],
      [chatErrorReplies.noText, (route) => route.fulfill({ status: 200, json: [] })],
      [chatErrorReplies.network, (route) => route.abort('failed')],
      [chatErrorReplies.unauthorized, (route) => route.fulfill({ status: 401, json: { error: 'expired' } })],
      [chatErrorReplies.overloaded, (route) => route.fulfill({ status: 503, json: { error: 'busy' } })],
      [chatErrorReplies.overloaded, (route) => route.fulfill({ status: 502, json: { error: 'gateway' } })],
    ];
    for (const [index, [expected, handler]] of cases.entries()) {
      await page.route('**/api/chat/stream/', handler);
      const before = await replyCount(page);
      await send(page, `Hello number ${index}`);
      expect(await waitForReply(page, before)).toContain(expected);
      await page.unroute('**/api/chat/stream/');
    }
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  });

  it('warns when preferences or reminders cannot be saved, and says so in the chat', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page);
    await page.route('**/api/profile/', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { error: 'down' } })
        : route.fallback(),
    );
    await page.route('**/api/reminder/schedule/', (route) =>
      route.fulfill({ status: 500, json: { error: 'down' } }),
    );
    // The page notes when each text first appears, so a slow test machine cannot shorten the measured pause.
    await page.addInitScript(
      (texts: string[]) => {
        const seen: Record<string, number> = {};
        (window as unknown as { firstSeen: typeof seen }).firstSeen = seen;
        new MutationObserver(() => {
          const text = document.body?.innerText ?? '';
          for (const wanted of texts) {
            if (!(wanted in seen) && text.includes(wanted)) seen[wanted] = performance.now();
          }
        }).observe(document, { childList: true, subtree: true, characterData: true });
      },
      [chatMessages.schedulingFailed, chatMessages.schedulingFailedReply],
    );
    await onboard(page);
    await visible(page, chatMessages.preferencesNotSaved);
    await visible(page, chatMessages.schedulingFailed);
    await visible(page, chatMessages.schedulingFailedReply);
    const firstSeen = await page.evaluate(
      () => (window as unknown as { firstSeen: Record<string, number> }).firstSeen,
    );
    const pause =
      (firstSeen[chatMessages.schedulingFailedReply] ?? 0) -
      (firstSeen[chatMessages.schedulingFailed] ?? Infinity);
    expect(pause).toBeGreaterThanOrEqual(SCHEDULING_FAILED_FOLLOW_UP_MS - 500);
  });

  it('saves the journey from the profile and plans the reminders again', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Your journey' });
    await card.getByLabel('Start date').fill(daysAgo(10));
    await card.getByRole('radio', { name: '14 days' }).check();
    await card.getByRole('switch', { name: 'Email me my Soul Story prompts' }).uncheck();
    await card.getByRole('button', { name: 'Save journey' }).click();
    await visible(page, 'Journey settings saved');
    await visible(page, chatMessages.promptsScheduled);
    const profile = await (
      await fetch(`${baseURL()}/api/profile/`, { headers: { authorization: `Bearer ${access}` } })
    ).json();
    expect(profile).toMatchObject({
      vibe: null,
      camino_start_date: daysAgo(10),
      camino_duration: 14,
      reminder_emails: false,
    });
  });

  it('shows the safety approach on /terms', async () => {
    const page = await browser.newPage();
    await page.goto('/terms');
    await page.getByRole('heading', { name: 'How Vela keeps conversations safe' }).waitFor();
    await visible(page, 'Samaritans: 116 123');
  });
});

describe('Vela keeps the worldview only with consent', () => {
  const browser = useBrowser();
  const profileOf = async (access: string) =>
    (await fetch(`${baseURL()}/api/profile/`, { headers: { authorization: `Bearer ${access}` } })).json();
  const putProfile = (access: string, body: object) =>
    fetch(`${baseURL()}/api/profile/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  /** The vibe each chat request carries. */
  const sentVibes = (page: Page) => {
    const vibes: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/chat/stream/')) vibes.push(request.postDataJSON().vibe);
    });
    return vibes;
  };
  const consentPrompt = (page: Page) => page.getByRole('dialog', { name: worldviewMessages.promptTitle });

  it('without the box ticked, uses the vibe for this visit only: kept on reload, asked again in a new tab', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    await onboard(page);
    await visible(page, chatMessages.greetings[0]);
    expect(await profileOf(access)).toMatchObject({
      vibe: null,
      vibe_consent_at: null,
      camino_start_date: daysAgo(3),
      camino_duration: 7,
    });
    const vibes = sentVibes(page);
    const before = await replyCount(page);
    await send(page, 'The meseta taught me patience.');
    await waitForReply(page, before);
    expect(vibes).toEqual(['Agnostic']);

    await page.reload();
    await closeNote(page);
    await visible(page, chatMessages.welcomeBack);
    expect(await page.getByRole('dialog', { name: chatMessages.introTitle }).count()).toBe(0);

    const nextVisit = await page.context().newPage();
    await nextVisit.goto('/chatbot');
    await closeNote(nextVisit);
    await nextVisit.getByRole('dialog', { name: chatMessages.introTitle }).waitFor();
    expect((await profileOf(access)).vibe).toBeNull();
  });

  it('with the box ticked, keeps the vibe with the time of consent: a new tab goes straight to the chat', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    await onboard(page, { rememberWorldview: true });
    await visible(page, chatMessages.greetings[0]);
    const profile = await profileOf(access);
    expect(profile.vibe).toBe('Agnostic');
    expect(Date.now() - Date.parse(profile.vibe_consent_at)).toBeLessThan(60_000);

    const nextVisit = await page.context().newPage();
    await nextVisit.goto('/chatbot');
    await closeNote(nextVisit);
    await visible(nextVisit, chatMessages.welcomeBack);
    expect(await nextVisit.getByRole('dialog', { name: chatMessages.introTitle }).count()).toBe(0);
    expect(await consentPrompt(nextVisit).count()).toBe(0);
  });

  it('asks at the next visit about a vibe another client stored without consent: yes records it', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    await putProfile(access, { vibe: 'Faith-based', camino_start_date: daysAgo(20), camino_duration: 14 });
    await page.goto('/chatbot');
    await closeNote(page);
    const prompt = consentPrompt(page);
    await visible(page, worldviewMessages.prompt('Faith-based'));
    await prompt.getByRole('button', { name: worldviewMessages.keep }).click();
    await prompt.waitFor({ state: 'hidden' });
    await visible(page, chatMessages.welcomeBack);
    const profile = await profileOf(access);
    expect(profile.vibe).toBe('Faith-based');
    expect(Date.now() - Date.parse(profile.vibe_consent_at)).toBeLessThan(60_000);

    await page.reload();
    await closeNote(page);
    await visible(page, chatMessages.welcomeBack);
    expect(await consentPrompt(page).count()).toBe(0);
  });

  it('declining the prompt erases the stored vibe and keeps using it for this visit only', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    await putProfile(access, { vibe: 'Atheist', camino_start_date: daysAgo(20), camino_duration: 14 });
    await page.goto('/chatbot');
    await closeNote(page);
    const prompt = consentPrompt(page);
    await prompt.getByRole('button', { name: worldviewMessages.decline }).click();
    await prompt.waitFor({ state: 'hidden' });
    await visible(page, worldviewMessages.declined);
    await visible(page, chatMessages.welcomeBack);
    expect(await profileOf(access)).toMatchObject({ vibe: null, vibe_consent_at: null, camino_duration: 14 });
    const vibes = sentVibes(page);
    const before = await replyCount(page);
    await send(page, 'I still think of the Cruz de Ferro.');
    await waitForReply(page, before);
    expect(vibes).toEqual(['Atheist']);
    expect(await page.getByRole('dialog', { name: chatMessages.introTitle }).count()).toBe(0);
  });

  it('withdraws consent on the profile, which erases the stored worldview', async () => {
    const page = await browser.newPage();
    const { access } = await signUpAndSignIn(page);
    await putProfile(access, { vibe: 'Faith-based', vibe_consent: true });
    await page.goto('/profile');
    const card = page.getByRole('region', { name: worldviewMessages.cardTitle });
    await card.getByText('Stored: Faith-based. You agreed on', { exact: false }).waitFor();
    await card.getByRole('button', { name: worldviewMessages.withdraw }).click();
    await visible(page, worldviewMessages.withdrawn);
    await card.getByText(worldviewMessages.noneStored).waitFor();
    expect(await card.getByRole('button').count()).toBe(0);
    expect(await profileOf(access)).toMatchObject({ vibe: null, vibe_consent_at: null });
  });
});
