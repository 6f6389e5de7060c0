import type { z } from 'zod';
import { ApiError, errorMessage } from '../http.ts';
import { toast } from '../toast.ts';

/** The first message per top-level field, in the shape Mantine's form expects. */
export const formErrorsFrom = <Field extends string = string>(
  error: z.ZodError,
): Partial<Record<Field, string>> => {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as Field;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
};

/** Validates form values with the contract's schema, as Mantine's `validate` option expects. */
export const validateWith =
  <Values>(schema: z.ZodType) =>
  (values: Values): Record<string, string> => {
    const result = schema.safeParse(values);
    return result.success ? {} : (formErrorsFrom(result.error) as Record<string, string>);
  };

/** Puts the server's message under the field it names (`inquiryTypes.1` belongs to `inquiryTypes`). */
const serverFieldError = (error: unknown): { field: string; message: string } | null =>
  error instanceof ApiError && error.field && error.message
    ? { field: error.field.split('.')[0]!, message: error.message }
    : null;

/** After a refused submit: marks the field the server named, if any, and says why in a toast. */
export const reportSubmitError = (
  form: { setFieldError: (field: string, message: string) => void },
  error: unknown,
  title: string,
  fallback: string,
) => {
  const fieldError = serverFieldError(error);
  if (fieldError) form.setFieldError(fieldError.field, fieldError.message);
  toast('error', title, errorMessage(error, fallback));
};
