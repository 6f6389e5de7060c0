import { z } from 'zod';
import {
  authMessages,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_PASSWORD_LENGTH,
} from './auth-terms.ts';
import { emailField } from './common.ts';

export const passwordField = z
  .string({ error: authMessages.passwordRequired })
  .min(1, authMessages.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong);

export const usernameField = z
  .string({ error: authMessages.usernameRequired })
  .trim()
  .min(1, authMessages.usernameRequired)
  .max(MAX_USERNAME_LENGTH, authMessages.usernameTooLong)
  .regex(/^[\p{L}\p{N}._+@-]+$/u, authMessages.usernameCharacters);

/**
 * A country code, name or demonym, or (on the profile) any free text; empty means not given. The
 * server reads it: registration needs a country, the profile keeps free text as written.
 */
export const nationalityField = z
  .string()
  .trim()
  .max(100, 'Nationality must be at most 100 characters')
  .nullable();

export const registerBody = z.object({
  username: usernameField,
  email: emailField,
  password: passwordField,
  nationality: nationalityField.optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
});
export type LoginBody = z.input<typeof loginBody>;

export const currentUser = z.object({
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  avatar_url: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const sessionTokens = z.object({ access: z.string(), refresh: z.string() });

export const authResponse = sessionTokens.extend({ email: z.string(), user: currentUser });
export type AuthResponse = z.infer<typeof authResponse>;

export const updateUserBody = z.object({
  first_name: z
    .string({ error: 'first_name must be text' })
    .trim()
    .max(MAX_NAME_LENGTH, authMessages.nameTooLong),
});

const refreshTokenField = z.string({ error: 'refresh is required' }).min(1, 'refresh is required').max(200);

export const refreshBody = z.object({ refresh: refreshTokenField });
export const logoutBody = z.object({ refresh: refreshTokenField });

export const resetRequestBody = z.object({ email: emailField });

const resetTokenField = z
  .string({ error: authMessages.missingResetToken })
  .min(1, authMessages.missingResetToken)
  .max(200, authMessages.invalidResetToken);

export const verifyResetTokenBody = z.object({ token: resetTokenField });
export const verifyResetTokenResponse = z.object({ valid: z.boolean() });

export const resetPasswordBody = z.object({
  token: resetTokenField,
  password: z
    .string({ error: authMessages.newPasswordRequired })
    .min(1, authMessages.newPasswordRequired)
    .min(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort)
    .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
});

export const messageResponse = z.object({ message: z.string() });
