import { z } from 'zod';

/** Every 4xx/5xx body has this shape; clients show `error` to people. */
export const errorBody = z.object({
  error: z.string(),
  detail: z.string().optional(),
  field: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ ok: z.literal(true) });

export const emailMessages = {
  required: 'Email is required',
  invalid: 'Please enter a valid email address',
} as const;

/** Trimmed, lower-cased, format-checked email, shared by every form that takes one. */
export const emailField = z
  .string({ error: emailMessages.required })
  .trim()
  .min(1, emailMessages.required)
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: emailMessages.invalid }))
  .transform((value) => value.toLowerCase());

export const limitedText = (max: number, name: string) =>
  z.string().max(max, `${name} must be at most ${max} characters`);

export const idParam = z.object({ id: z.string().min(1).max(200) });
