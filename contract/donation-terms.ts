/**
 * What a gift is made of (frequencies, amounts, rewards) and how amounts read, without a schema
 * library: the gift page's first screen needs these and nothing of Zod. The request and response
 * schemas built on them are in donations.ts.
 */
export const donationFrequencies = ['one-time', 'monthly', 'yearly'] as const;
export type DonationFrequency = (typeof donationFrequencies)[number];

export const frequencyLabels: Record<DonationFrequency, string> = {
  'one-time': 'One-time',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/** Spec §9: preset amounts in pounds, the default amount and frequency. */
export const presetAmounts = [5, 10, 15, 20, 40, 100] as const;
export const defaultAmount = 15;
export const defaultFrequency: DonationFrequency = 'monthly';
export const donationCurrency = 'gbp';
export const minimumAmountPounds = 1;
export const maximumAmountPounds = 10_000;

export const donationMessages = {
  amountRequired: 'Please choose an amount.',
  amountNotNumber: 'Amount must be a number of pounds, such as 15 or 12.50.',
  amountRange: 'Please choose an amount between £1 and £10,000.',
  amountPence: 'Amount can have at most two decimal places.',
  currency: 'Donations are taken in GBP (gbp) only.',
  frequency: 'Frequency must be one-time, monthly or yearly.',
  thankYouTitle: 'Thank you for your gift!',
  thankYou: 'Your generosity keeps Pilgrim Soul open to every pilgrim.',
  giftNotFound: 'This gift link is invalid or has expired.',
  notRecurring: 'Only a monthly or yearly gift can be cancelled.',
  canceled: 'Your recurring gift has been cancelled.',
  portalUnavailable: 'Card details can only be managed when card payments are configured.',
} as const;

/** Spec §9: rewards by monthly amount, highest first. */
export const supporterRewards = [
  { monthlyPounds: 40, reward: 'Full pack' },
  { monthlyPounds: 20, reward: 'T-shirt' },
  { monthlyPounds: 15, reward: 'Laptop and phone camera covers' },
  { monthlyPounds: 10, reward: 'Tote bag' },
  { monthlyPounds: 5, reward: 'Stickers' },
] as const;

/** A monthly gift counts in full, a yearly one as a twelfth; one-time gifts carry no reward. */
export const monthlyEquivalentPence = (frequency: DonationFrequency, amountPence: number) =>
  frequency === 'monthly' ? amountPence : frequency === 'yearly' ? Math.floor(amountPence / 12) : 0;

export const rewardFor = (frequency: DonationFrequency, amountPence: number): string | null =>
  supporterRewards.find((tier) => monthlyEquivalentPence(frequency, amountPence) >= tier.monthlyPounds * 100)
    ?.reward ?? null;

export const formatPounds = (pence: number) =>
  `£${pence % 100 === 0 ? pence / 100 : (pence / 100).toFixed(2)}`;

/** Pounds as the donor chose them (15, 12.5, "12.50") to whole pence, or an error message. */
export const poundsToPence = (value: unknown): { pence: number } | { error: string } => {
  if (value === undefined || value === null || value === '')
    return { error: donationMessages.amountRequired };
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (text === null || !/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text))
    return { error: donationMessages.amountNotNumber };
  const pounds = Number(text);
  if (!Number.isFinite(pounds)) return { error: donationMessages.amountNotNumber };
  if (pounds < minimumAmountPounds || pounds > maximumAmountPounds)
    return { error: donationMessages.amountRange };
  const pence = Math.round(pounds * 100);
  if (Math.abs(pounds * 100 - pence) > 1e-6) return { error: donationMessages.amountPence };
  return { pence };
};
