import { z } from 'zod';
import { emailField } from './common.ts';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_USERNAME_LENGTH = 150;
export const MAX_NAME_LENGTH = 150;

/** The spec's words (sections 5 and 8), shown by the screens and answered by the server alike. */
export const authMessages = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  usernameRequired: 'Username is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  usernameTooLong: `Username must be at most ${MAX_USERNAME_LENGTH} characters`,
  usernameCharacters: 'Username may contain only letters, digits and . _ - + @',
  nameTooLong: `Name must be at most ${MAX_NAME_LENGTH} characters`,
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  wrongCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  tooManyAttemptsOnAccount:
    'Too many sign-in attempts on this account. Please try again later, or reset your password.',
  noToken: 'Authentication failed - no token received',
  networkError: 'Network error. Please check your internet connection and try again.',
  genericError: "We couldn't complete your request. Please try again.",
  registrationFailed: 'Registration Failed',
  loginFailed: 'Login Failed',
  sessionExpired: 'Your session has ended. Please sign in again.',
  forgotEmailRequired: 'Please enter your email address',
  resetRequestFailed: 'Failed to request password reset. Please try again later.',
  resetRequestSent: 'If your email exists in our system, you will receive a password reset link shortly.',
  newPasswordRequired: 'New password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  missingResetToken: 'Invalid password reset link',
  invalidResetToken: 'This password reset link is invalid or has expired',
  resetFailed: 'Failed to reset password. Please try again or request a new reset link.',
  resetDone: 'Your password has been reset. You can now sign in with your new password.',
} as const;

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
