import type { z } from 'zod';

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
