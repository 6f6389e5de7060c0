/**
 * The account screens' words and limits, without a schema library: the sign-in page's first screen
 * needs these and nothing of Zod. The request and response schemas are in auth.ts.
 */
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
