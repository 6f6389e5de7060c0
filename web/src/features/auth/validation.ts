import { authMessages, MIN_PASSWORD_LENGTH } from '#contract/auth-terms.ts';
import { emailMessages, readEmail } from '#contract/email.ts';

export type AuthMode = 'login' | 'register';

export interface AuthValues {
  username: string;
  email: string;
  password: string;
  nationality: string | null;
}

export type AuthErrors = Partial<Record<keyof AuthValues, string>>;

/** The spec's section 5 rules, with the email format check the spec left open. */
export const validateAuthForm = (mode: AuthMode, values: AuthValues): AuthErrors => {
  const errors: AuthErrors = {};
  if (mode === 'register' && !values.username.trim()) errors.username = authMessages.usernameRequired;
  if (!values.email.trim()) errors.email = authMessages.emailRequired;
  else if ('error' in readEmail(values.email)) errors.email = emailMessages.invalid;
  if (!values.password) errors.password = authMessages.passwordRequired;
  else if (mode === 'register' && values.password.length < MIN_PASSWORD_LENGTH)
    errors.password = authMessages.passwordTooShort;
  return errors;
};

export interface NewPasswordErrors {
  password?: string;
  confirmation?: string;
}

export const validateNewPassword = (password: string, confirmation: string): NewPasswordErrors => {
  const errors: NewPasswordErrors = {};
  if (!password) errors.password = authMessages.newPasswordRequired;
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = authMessages.passwordTooShort;
  if (password && confirmation !== password) errors.confirmation = authMessages.passwordsDoNotMatch;
  return errors;
};
