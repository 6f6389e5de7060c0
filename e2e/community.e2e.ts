import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForEmail } from './fixtures.ts';

const uniqueEmail = (label: string) =>
  `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

describe('join us and volunteer', () => {
  const browser = useBrowser();

  it('shows the three audiences on /Joinus and joins the community from the form', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('join');
    await page.goto('/Joinus');
    await page.getByRole('heading', { name: 'Join Us', level: 1 }).waitFor();
    for (const audience of ['Pilgrims', 'Soul Companions', 'Teachers & Theologians']) {
      await page.getByRole('heading', { name: audience, level: 2 }).waitFor();
    }
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please choose how you would like to join').waitFor();
    await page.getByText('Please enter your name').waitFor();
    await page.getByText('Email is required').waitFor();

    await page.getByRole('button', { name: 'Join the Soul Companions' }).click();
    expect(await page.getByRole('radio', { name: 'Soul Companions' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Rosa <i>Camino</i>');
    await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
    await page
      .getByRole('textbox', { name: 'Anything you would like us to know?' })
      .fill('I listen for a living.');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.getByRole('status').getByText('Welcome to the community!').waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    const welcome = await waitForEmail(email, /Welcome to the Pilgrim Soul community/);
    expect(welcome.text).toContain('Dear Rosa <i>Camino</i>');
    expect(welcome.text).toContain('Soul Companions');
  });

  it('shows "Submission failed" with the reason when the server refuses a join request', async () => {
    const page = await browser.newPage();
    await page.route('**/api/join/', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'You have sent several requests in a short time. Please wait a few minutes and try again.',
        }),
      }),
    );
    await page.goto('/JoinUs');
    await page.getByRole('radio', { name: 'Pilgrims' }).check();
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Sam');
    await page.getByRole('textbox', { name: 'Email Address' }).fill(uniqueEmail('sam'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Submission failed').waitFor();
    await page.getByText('You have sent several requests in a short time.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).isVisible()).toBe(true);
  });

  it('describes volunteering with Pilgrim Soul on /volunteer and sends an offer of help', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('volunteer');
    await page.goto('/volunteer');
    await page.getByRole('heading', { name: 'Volunteer with Pilgrim Soul' }).waitFor();
    await page.getByText('non-denominational community', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Soul Table meals' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Offer to volunteer' }).click();
    await page.getByText('Please choose an area of interest').waitFor();
    await page.getByText('Please write a message').waitFor();

    await page.getByRole('textbox', { name: 'Full Name' }).fill('Tomás');
    await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
    await page.getByRole('combobox', { name: 'Where would you like to help?' }).selectOption('soul-table');
    await page
      .getByRole('textbox', { name: 'Tell us a little about yourself' })
      .fill('I cook for forty on Sundays.');
    await page.getByRole('button', { name: 'Offer to volunteer' }).click();

    await page.getByRole('status').getByText('Thank you for offering your time!').waitFor();
    const thanks = await waitForEmail(email, /Thank you for offering to volunteer/);
    expect(thanks.text).toContain('Soul Table meals');
    const team = await waitForEmail('team@pilgrimsoul.local', /New volunteer: Tomás/);
    expect(team.text).toContain('I cook for forty on Sundays.');
  });
});
