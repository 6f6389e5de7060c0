import { z } from 'zod';
import { nationalityField } from './auth.ts';
import { booleanFromText, calendarDate, isTimeZone, numberFromText } from './common.ts';

export const MAX_BIO_LENGTH = 1000;
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 512;

export const vibes = ['Atheist', 'Agnostic', 'Faith-based', 'Unknown Worldview'] as const;
export type Vibe = (typeof vibes)[number];

export const caminoDurations = [7, 14, 21, 30, 45] as const;

/** The spec's words for the profile screen (section 8) and the rules the server answers with. */
export const profileMessages = {
  loadFailed: 'Failed to load profile',
  updateFailed: 'Update failed',
  tryAgain: 'Please try again.',
  uploadFailed: 'Upload failed',
  updated: 'Profile updated',
  avatarUpdated: 'Avatar updated',
  bioTooLong: `Bio must be at most ${MAX_BIO_LENGTH} characters`,
  avatarMissing: 'Please choose an image for your avatar',
  avatarNotImage: 'The avatar must be an image (JPEG, PNG, WebP, GIF or AVIF)',
  avatarTooLarge: 'The avatar must be at most 5 MB',
  avatarUnreadable: 'This image could not be read',
  startDateInFuture: 'The start date cannot be later than today',
  unknownTimeZone: 'Please choose a valid time zone',
  vibeConsentOnlyTrue:
    'vibe_consent can only be true; to withdraw consent and erase the worldview, use DELETE /api/profile/vibe/',
} as const;

export const profileUser = z.object({ first_name: z.string(), username: z.string(), email: z.string() });

export const profileResponse = z.object({
  user: profileUser,
  /** The country's English name when one is known, else the text as the pilgrim wrote it. */
  nationality: z.string().nullable(),
  nationality_code: z.string().nullable(),
  bio: z.string(),
  avatar_url: z.string().nullable(),
  vibe: z.enum(vibes).nullable(),
  /** When the pilgrim consented to keeping the vibe; null for none stored, or one stored without consent. */
  vibe_consent_at: z.string().nullable(),
  camino_start_date: z.string().nullable(),
  camino_duration: z.number().int().nullable(),
  reminder_emails: z.boolean(),
  time_zone: z.string(),
  soul_stories_count: z.number().int(),
  unread_notifications_count: z.number().int(),
});
export type Profile = z.infer<typeof profileResponse>;

/** Only the fields sent are changed; the chat sends vibe and dates, the profile form nationality and bio. */
export const updateProfileBody = z.object({
  nationality: nationalityField.optional(),
  bio: z.string({ error: 'bio must be text' }).max(MAX_BIO_LENGTH, profileMessages.bioTooLong).optional(),
  vibe: z.enum(vibes, { error: 'Please select a vibe' }).nullable().optional(),
  /**
   * Explicit consent to keeping the worldview (special-category data). Optional, so the spec's clients, which
   * never send it, are served as before; their vibe is stored without recorded consent.
   */
  vibe_consent: booleanFromText(z.literal(true, { error: profileMessages.vibeConsentOnlyTrue })).optional(),
  camino_start_date: calendarDate('Please select a date').nullable().optional(),
  camino_duration: numberFromText(z.literal(caminoDurations, { error: 'Please select a duration' }))
    .nullable()
    .optional(),
  reminder_emails: booleanFromText(z.boolean({ error: 'reminder_emails must be true or false' })).optional(),
  time_zone: z
    .string({ error: profileMessages.unknownTimeZone })
    .max(64, profileMessages.unknownTimeZone)
    .refine(isTimeZone, profileMessages.unknownTimeZone)
    .optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;
