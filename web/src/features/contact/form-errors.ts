import type { z } from 'zod';
import { ApiError } from '../../shared/http.ts';

/** The first message per top-level field, in the shape Mantine's form expects. */
export const formErrorsFrom = (error: z.ZodError): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
};

/** Validates form values with the contract's schema, as Mantine's `validate` option expects. */
export const validateWith =
  <Values>(schema: z.ZodType) =>
  (values: Values): Record<string, string> => {
    const result = schema.safeParse(values);
    return result.success ? {} : formErrorsFrom(result.error);
  };

/** Puts the server's message under the field it names (`inquiryTypes.1` belongs to `inquiryTypes`). */
export const serverFieldError = (error: unknown): { field: string; message: string } | null =>
  error instanceof ApiError && error.field && error.message
    ? { field: error.field.split('.')[0]!, message: error.message }
    : null;
