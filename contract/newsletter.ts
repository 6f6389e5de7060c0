import { z } from 'zod';
import { emailField } from './common.ts';

export const newsletterMessages = {
  emailRequired: 'Please enter an email.',
  optInRequired: 'Please tick the box so we may write to you.',
  subscribedTitle: 'Subscribed!',
  subscribedMessage: (email: string) => `We'll send updates to ${email}`,
  confirmationOnItsWay: 'A confirmation email is on its way: follow its link to start receiving letters.',
  subscribeFailed: 'Could not subscribe you. Please try again.',
  confirmTitle: 'Confirm your subscription',
  confirmed: 'You are subscribed. Welcome to the road home.',
  confirmInvalid: 'This confirmation link is invalid or has expired.',
  unsubscribeTitle: 'Unsubscribe',
  unsubscribed: 'You are unsubscribed. We will not write again.',
  unsubscribeInvalid: 'This unsubscribe link is invalid.',
  missingToken: 'This link is missing its token.',
} as const;

export const subscribeRequest = z.object({
  email: z
    .string({ error: newsletterMessages.emailRequired })
    .trim()
    .min(1, newsletterMessages.emailRequired)
    .pipe(emailField),
  optIn: z.literal(true, { error: newsletterMessages.optInRequired }),
});
export type SubscribeRequest = z.input<typeof subscribeRequest>;

/** The same answer whatever the address's state, so the form does not reveal who subscribes. */
export const subscribeResponse = z.object({ email: z.string(), message: z.string() });

export const tokenRequest = z.object({ token: z.string().trim().min(1).max(300) });

export const confirmResponse = z.object({ email: z.string(), status: z.literal('confirmed') });
export const unsubscribeResponse = z.object({ status: z.literal('unsubscribed') });

export const subscriberStatus = z.enum(['pending', 'confirmed', 'unsubscribed']);

const subscriber = z.object({
  id: z.string(),
  email: z.string(),
  status: subscriberStatus,
  subscribed_at: z.string(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriber>;

export const letterLimits = { subject: 200, text: 20_000 } as const;

/** A letter an admin sends to every confirmed subscriber; plain text, the unsubscribe footer is added. */
export const letterInput = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(letterLimits.subject, `Subject must be at most ${letterLimits.subject} characters`),
  text: z
    .string({ error: 'Text is required' })
    .trim()
    .min(1, 'Text is required')
    .max(letterLimits.text, `Text must be at most ${letterLimits.text} characters`),
});
export type LetterInput = z.input<typeof letterInput>;

export const letterQueued = z.object({ recipients: z.number().int() });
