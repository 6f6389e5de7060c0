import { z } from 'zod';
import { authMessages, MAX_PASSWORD_LENGTH } from './auth-terms.ts';

/** The words of deleting an account, shown by the profile's dialog and answered by the server alike. */
export const accountMessages = {
  passwordRequired: authMessages.passwordRequired,
  wrongPassword: 'Incorrect password',
  deleteFailed: 'Failed to delete account',
  deleted: 'Your account has been deleted',
  deletedDetail: 'Your memories, photos, keepsake, profile and conversations are gone. Buen Camino.',
} as const;

/** What deleting an account erases, and the one record the law asks us to keep, in the dialog's words. */
export const accountErasure = {
  erased: [
    'Your profile, your Camino record, avatar and sign-in details',
    'Every memory, photo and your Soul Story keepsake, with its share link',
    'Your conversation with Vela, your reminders and notifications',
    'Your newsletter subscription and any monthly or yearly gift, which is cancelled',
  ],
  kept: 'For the tax authorities we keep the amount, date and receipt number of each donation, with no name or email attached.',
} as const;

/** A request without a body asks for the password, as an empty one does. */
export const deleteAccountBody = z.object(
  {
    password: z
      .string({ error: accountMessages.passwordRequired })
      .min(1, accountMessages.passwordRequired)
      .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
  },
  { error: accountMessages.passwordRequired },
);
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

/** How long a finished export's download link works. */
export const EXPORT_LINK_DAYS = 7;

export const exportStatuses = ['none', 'queued', 'building', 'ready', 'failed'] as const;

/** GET and POST /api/account/export/: the latest export, with its link once it is ready. */
export const accountExportResponse = z.object({
  status: z.enum(exportStatuses),
  requested_at: z.string().nullable(),
  download_url: z.string().nullable(),
  expires_at: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
});
export type AccountExportResponse = z.infer<typeof accountExportResponse>;

/** The words of the export, on the profile and in the message that says it is ready. */
export const exportMessages = {
  button: 'Download my data',
  preparing: 'Preparing your data…',
  ready: 'Your data is ready',
  download: 'Download your data',
  failed: 'We could not prepare your data.',
  retry: 'Try again',
  again: 'Prepare a new copy',
  explanation:
    'One zip file with your profile, every memory and photo, your keepsake, your conversation with Vela, notifications, survey answers, newsletter status, gifts and orders. We email you the link when it is ready.',
  notificationTitle: 'Your data is ready to download',
  notificationMessage: `Your export is ready. The download link works for ${EXPORT_LINK_DAYS} days.`,
  emailSubject: 'Your Pilgrim Soul data is ready to download',
} as const;
