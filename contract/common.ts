import { z } from 'zod';
import { EMAIL_MAX_LENGTH, emailMessages, emailPattern } from './email.ts';

/** Every 4xx/5xx body has this shape; clients show `error` to people. */
export const errorBody = z.object({
  error: z.string(),
  detail: z.string().optional(),
  field: z.string().optional(),
  requestId: z.string().optional(),
});

export const okBody = z.object({ ok: z.literal(true) });

/** Trimmed, lower-cased, format-checked email, shared by every form that takes one. */
export const emailField = z
  .string({ error: emailMessages.required })
  .trim()
  .min(1, emailMessages.required)
  .max(EMAIL_MAX_LENGTH, emailMessages.tooLong)
  .pipe(z.email({ pattern: emailPattern, error: emailMessages.invalid }))
  .transform((value) => value.toLowerCase());

export const limitedText = (max: number, name: string) =>
  z.string().max(max, `${name} must be at most ${max} characters`);

/** An IANA time zone name the runtime knows ("Europe/Madrid"). */
export const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const idParam = z.object({ id: z.string().min(1).max(200) });

/*
 * Strict in what we send, lenient in what we accept: existing clients send numbers and yes/no as
 * text. Only what has one meaning is read; anything else reaches the schema unchanged and is refused.
 */
const plainNumber = /^\s*-?\d+(\.\d+)?\s*$/;
const yesWords = new Set(['yes', 'y', 'true', '1', 'on']);
const noWords = new Set(['no', 'n', 'false', '0', 'off']);

const readYesNo = (value: unknown): boolean | unknown => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  if (yesWords.has(word)) return true;
  if (noWords.has(word)) return false;
  return value;
};

/** The values of a list of options (`{ value, label }`), as `z.enum` takes them. */
export const optionValues = <Value extends string>(options: readonly { value: Value }[]) =>
  options.map((option) => option.value) as [Value, ...Value[]];

/** A number, or text that is plainly one ("5", " 30 "). */
export const numberFromText = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && plainNumber.test(value) ? Number(value) : value),
    schema,
  );

/** true or false, or their usual words in text ("yes", "false", "1"). */
export const booleanFromText = <T extends z.ZodType>(schema: T) => z.preprocess(readYesNo, schema);

/** "yes" or "no", however the client wrote it ("Yes", true, "false"). */
export const yesNoFromText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    const read = readYesNo(value);
    return typeof read === 'boolean' ? (read ? 'yes' : 'no') : read;
  }, schema);

/** A calendar date such as 2026-05-01; a date-time keeps the date it was written with. */
export const calendarDate = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => value.trim().slice(0, 10))
    .pipe(z.iso.date({ error: message }));
