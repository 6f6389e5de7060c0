import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForEmail } from './fixtures.ts';

const uniqueEmail = (label: string) =>
  `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

describe('contact and inquiry', () => {
  const browser = useBrowser();

  it('sends a message from /contact, promises a reply within 48 hours and acknowledges by email', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('contact');
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Contact us' }).waitFor();
    expect(await page.getByText('reply within 48 hours').first().isVisible()).toBe(true);
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'Name' }).fill('Ana <b>Peregrina</b>');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page
      .getByRole('textbox', { name: 'Your Message' })
      .fill('We walked the Camino Portugués last spring.');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await page.getByText('Message sent!').waitFor();
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('');
    const ack = await waitForEmail(email, /We received your message/);
    expect(ack.text).toContain('Dear Ana <b>Peregrina</b>');
    expect(ack.text).toContain('within 48 hours');
  });

  it('shows "Error sending message" with the reason when the server refuses', async () => {
    const page = await browser.newPage();
    await page.goto('/contact');
    await page.getByRole('textbox', { name: 'Name' }).fill('Ana');
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'Your Message' }).fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await page.getByText('Error sending message').waitFor();
    expect(await page.getByText('Please enter a valid email address').count()).toBeGreaterThan(0);
    expect(await page.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends an inquiry with several reasons from /inquire', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('inquire');
    await page.goto('/inquire');
    await page.getByRole('heading', { name: 'Inquire' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('checkbox', { name: 'Soul Stories' }).check();
    await page.getByRole('checkbox', { name: 'Press and media' }).check();
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Bernard Walker');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('<script>alert("x")</script> I write for a travel magazine.');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.getByText('Submitted successfully').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Soul Stories' }).isChecked()).toBe(false);
    await waitForEmail(email, /We received your message/);
    const team = await waitForEmail('team@pilgrimsoul.local', /New inquiry from Bernard Walker/);
    expect(team.subject).toBe('New inquiry from Bernard Walker: Soul Stories, Press and media');
    expect(team.text).toContain('<script>alert("x")</script> I write for a travel magazine.');
  });

  it('shows "Submission failed" with the server error, or "Please try again." when there is none', async () => {
    const page = await browser.newPage();
    await page.goto('/inquire');
    await page.getByRole('textbox', { name: 'Email' }).fill('bernard@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Submission failed').waitFor();
    expect(await page.getByText('Please enter your name').count()).toBeGreaterThan(0);

    await page.route('**/api/contact/', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Bernard');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please try again.').waitFor();
  });
});
