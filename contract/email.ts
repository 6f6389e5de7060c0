/**
 * The one email rule, without a schema library: the server's `emailField` is built on it, and a page
 * that only checks an address (the gift form) checks it without loading Zod.
 */
export const emailMessages = {
  required: 'Email is required',
  invalid: 'Please enter a valid email address',
  tooLong: 'Email must be at most 254 characters',
} as const;

export const EMAIL_MAX_LENGTH = 254;

/** Zod's own email pattern (its default for `z.email()`), named here so both sides share it. */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The address trimmed and lower-cased, or the message that says what is wrong with it. */
export const readEmail = (value: string): { email: string } | { error: string } => {
  const trimmed = value.trim();
  if (!trimmed) return { error: emailMessages.required };
  if (trimmed.length > EMAIL_MAX_LENGTH) return { error: emailMessages.tooLong };
  if (!emailPattern.test(trimmed)) return { error: emailMessages.invalid };
  return { email: trimmed.toLowerCase() };
};
