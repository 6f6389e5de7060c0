import { z } from 'zod';
import { emailField } from './common.ts';

/** The reasons a visitor may pick on /inquire; other clients may send reasons of their own, kept as sent. */
export const inquiryTypes = [
  { value: 'general', label: 'A general question' },
  { value: 'soul-stories', label: 'Soul Stories' },
  { value: 'vela', label: 'Vela, the AI companion' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'press', label: 'Press and media' },
  { value: 'volunteering', label: 'Volunteering' },
  { value: 'giving', label: 'Giving and donations' },
  { value: 'technical', label: 'Technical help' },
] as const;

export type InquiryType = (typeof inquiryTypes)[number]['value'];

export const REPLY_PROMISE_HOURS = 48;
export const INQUIRY_TYPE_MAX = 100;
export const INQUIRY_TYPES_MAX = 20;

const normalisedReason = (value: string) => value.trim().toLowerCase();

/** A known reason's label for a slug or label in any case; any other reason as it was sent. */
export const inquiryTypeLabel = (value: string) =>
  inquiryTypes.find(
    (type) =>
      normalisedReason(type.value) === normalisedReason(value) ||
      normalisedReason(type.label) === normalisedReason(value),
  )?.label ?? value;

/** Word for word from the spec's error catalogue. */
export const contactMessages = {
  sent: 'Message sent!',
  sendError: 'Error sending message',
  submitted: 'Submitted successfully',
  submitFailed: 'Submission failed',
  tryAgain: 'Please try again.',
  replyPromise: `We read every message and reply within ${REPLY_PROMISE_HOURS} hours.`,
  nameRequired: 'Please enter your name',
  messageRequired: 'Please write a message',
  inquiryTypeTooLong: `Each inquiry reason must be at most ${INQUIRY_TYPE_MAX} characters`,
  tooManyInquiryTypes: `Choose at most ${INQUIRY_TYPES_MAX} inquiry reasons`,
  tooMany: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
} as const;

export const NAME_MAX = 120;
export const MESSAGE_MAX = 5000;

export const personName = z
  .string({ error: contactMessages.nameRequired })
  .trim()
  .min(1, contactMessages.nameRequired)
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

export const messageText = z
  .string({ error: contactMessages.messageRequired })
  .trim()
  .min(1, contactMessages.messageRequired)
  .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`);

/** The `website` field is hidden from people; bots that fill it are thanked and ignored. */
export const honeypot = z.string().max(500).optional();

/**
 * POST /api/contact/ takes either shape of the spec: the simple form (name, email, message)
 * or the inquiry form (fullName, email, message, inquiryTypes).
 */
export const contactRequest = z
  .object({
    name: personName.optional(),
    fullName: personName.optional(),
    email: emailField,
    message: messageText,
    // A single reason sent as text counts as a list of one.
    inquiryTypes: z
      .preprocess(
        (value) => (typeof value === 'string' ? [value] : value),
        z
          .array(z.string().trim().min(1).max(INQUIRY_TYPE_MAX, contactMessages.inquiryTypeTooLong), {
            error: 'inquiryTypes must be a list of inquiry reasons',
          })
          .max(INQUIRY_TYPES_MAX, contactMessages.tooManyInquiryTypes),
      )
      .optional(),
    website: honeypot,
  })
  .superRefine((value, context) => {
    if (value.name === undefined && value.fullName === undefined) {
      context.addIssue({ code: 'custom', path: ['name'], message: contactMessages.nameRequired });
    }
  });
export type ContactRequest = z.input<typeof contactRequest>;

export const contactKinds = ['contact', 'inquiry'] as const;
export type ContactKind = (typeof contactKinds)[number];

/** What the admin console lists of anything a visitor sent (a message, a join or volunteer request): who, what, and whether it was handled. */
export const visitorMessageItem = <Kinds extends readonly [string, ...string[]]>(kinds: Kinds) =>
  z.object({
    id: z.string(),
    kind: z.enum(kinds),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    handled: z.boolean(),
    created_at: z.string(),
  });

/** One stored message, as the admin console lists it. */
const contactMessageItem = visitorMessageItem(contactKinds).extend({ inquiry_types: z.array(z.string()) });
export type ContactMessageItem = z.infer<typeof contactMessageItem>;
