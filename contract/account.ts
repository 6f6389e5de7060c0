import { z } from 'zod';
import { authMessages, MAX_PASSWORD_LENGTH } from './auth.ts';

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
