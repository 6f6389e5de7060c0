import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser } from './fixtures.ts';

const PENDING_KEY = 'pilgrim-soul:pending-surveys';

const rate = (page: Page, question: RegExp, value: string) =>
  page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: value, exact: true }).check();

const answerRequired = async (
  page: Page,
  options: { usedVela: 'Yes' | 'No'; usedSoulStory: 'Yes' | 'No' },
) => {
  await rate(page, /overall experience/, '5');
  await rate(page, /design of the website/, '4');
  await rate(page, /easy is the website to use/, '3');
  await rate(page, /used Vela/, options.usedVela);
  await rate(page, /created a Soul Story/, options.usedSoulStory);
};

const surveyCall = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith('/api/survey/submit/') && response.request().method() === 'POST',
  );

const bodyOf = (request: Request) => JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;

const pendingSurveys = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { submissionId: string }[],
    PENDING_KEY,
  );

describe('feedback survey', () => {
  const browser = useBrowser();

  it('asks for the required answers, skips the follow-ups after no, and thanks the pilgrim', async () => {
    const page = await browser.newPage();
    await page.goto('/survey');
    await page.getByRole('heading', { name: 'Feedback survey' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Submit survey' }).click();
    for (const message of [
      'Please rate your overall experience',
      'Please rate the design of the website',
      'Please rate how easy the website is to use',
      'Please tell us whether you have used Vela',
      'Please tell us whether you have created a Soul Story',
    ]) {
      await page.getByText(message).waitFor();
    }

    await answerRequired(page, { usedVela: 'No', usedSoulStory: 'No' });
    expect(await page.getByRole('radiogroup', { name: /How helpful was Vela/ }).count()).toBe(0);
    expect(await page.getByRole('radiogroup', { name: /create your Soul Story/ }).count()).toBe(0);
    await page
      .getByRole('textbox', { name: 'What worked well for you?' })
      .fill('<b>The quiet</b> of the prompts');
    await page.getByRole('combobox', { name: 'Where are you on your pilgrimage?' }).selectOption('completed');
    await page.getByRole('combobox', { name: 'Your age range' }).selectOption('45-54');

    const call = surveyCall(page);
    await page.getByRole('button', { name: 'Submit survey' }).click();
    const response = await call;
    expect(response.status()).toBe(201);
    expect(bodyOf(response.request())).toMatchObject({
      overallExperience: 5,
      websiteDesign: 4,
      easeOfUse: 3,
      usedVela: 'no',
      usedSoulStory: 'no',
      whatWorkedWell: '<b>The quiet</b> of the prompts',
      pilgrimageStage: 'completed',
      ageRange: '45-54',
    });
    expect(bodyOf(response.request())).not.toHaveProperty('velaHelpfulness');

    await page.getByRole('heading', { name: 'Thank you for sharing your journey with us' }).waitFor();
    await page.getByText('Survey submitted').waitFor();
    await page.getByText('Thank you!').waitFor();
    expect(await page.getByRole('button', { name: 'Submit survey' }).count()).toBe(0);
    expect(await pendingSurveys(page)).toEqual([]);
    // The toast is shared by every page; the check here is about the thank-you that stays.
    await page.getByText('Survey submitted').waitFor({ state: 'hidden' });
    await expectAccessible(page);
  });

  it('requires the Vela and Soul Story follow-ups after yes and sends them', async () => {
    const page = await browser.newPage();
    await page.goto('/survey');
    await answerRequired(page, { usedVela: 'Yes', usedSoulStory: 'Yes' });
    await page.getByRole('radiogroup', { name: /How helpful was Vela/ }).waitFor();
    await page.getByRole('button', { name: 'Submit survey' }).click();
    for (const message of [
      'Please rate how helpful Vela was',
      'Please rate the quality of Vela’s responses',
      'Please rate how easy it was to create your Soul Story',
      'Please rate how timely the prompts and notifications were',
    ]) {
      await page.getByText(message).waitFor();
    }
    await expectAccessible(page);

    await rate(page, /How helpful was Vela/, '4');
    await rate(page, /quality of Vela’s responses/, '2');
    await rate(page, /create your Soul Story/, '5');
    await rate(page, /prompts and notifications/, '3');
    const call = surveyCall(page);
    await page.getByRole('button', { name: 'Submit survey' }).click();
    const response = await call;
    expect(response.status()).toBe(201);
    expect(bodyOf(response.request())).toMatchObject({
      usedVela: 'yes',
      velaHelpfulness: 4,
      velaResponseQuality: 2,
      usedSoulStory: 'yes',
      soulStoryEase: 5,
      notificationTimeliness: 3,
    });
    await page.getByRole('heading', { name: 'Thank you for sharing your journey with us' }).waitFor();
  });

  it('keeps answers whose call failed, still thanks the pilgrim, and sends them on the next visit', async () => {
    const page = await browser.newPage();
    await page.route(
      '**/api/survey/submit/',
      (route) => route.fulfill({ status: 503, body: '{"error":"down"}' }),
      {
        times: 1,
      },
    );
    await page.goto('/survey');
    await answerRequired(page, { usedVela: 'No', usedSoulStory: 'No' });
    await page
      .getByRole('textbox', { name: 'Anything else you would like to share?' })
      .fill('Sent while the server was down');

    const failed = surveyCall(page);
    await page.getByRole('button', { name: 'Submit survey' }).click();
    expect((await failed).status()).toBe(503);
    await page.getByRole('heading', { name: 'Thank you for sharing your journey with us' }).waitFor();
    await page.getByText('Survey submitted').waitFor();
    const [waiting] = await pendingSurveys(page);
    expect(waiting).toMatchObject({ additionalComments: 'Sent while the server was down' });

    const resent = surveyCall(page);
    await page.goto('/survey');
    const response = await resent;
    expect(response.status()).toBe(201);
    expect(bodyOf(response.request())).toMatchObject({
      submissionId: waiting!.submissionId,
      additionalComments: 'Sent while the server was down',
    });
    await expect.poll(() => pendingSurveys(page)).toEqual([]);
  });

  // Before the app is installed, the toast's code is not in the browser yet: it must not stop the thanks.
  it('thanks a pilgrim who submits offline, and sends the answers as soon as the browser is back online', async () => {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    await page.goto('/survey');
    await answerRequired(page, { usedVela: 'Yes', usedSoulStory: 'No' });
    await rate(page, /How helpful was Vela/, '5');
    await rate(page, /quality of Vela’s responses/, '5');
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Submit survey' }).click();
    await page.getByRole('heading', { name: 'Thank you for sharing your journey with us' }).waitFor();
    await expect.poll(() => pendingSurveys(page).then((items) => items.length)).toBe(1);

    const resent = surveyCall(page);
    await page.context().setOffline(false);
    const response = await resent;
    expect(response.status()).toBe(201);
    expect(bodyOf(response.request())).toMatchObject({ velaHelpfulness: 5, velaResponseQuality: 5 });
    await expect.poll(() => pendingSurveys(page)).toEqual([]);
    await page.getByText('Survey submitted').waitFor();
  });
});
