import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../http.ts';
import { toast } from '../toast.ts';

interface Submission<Result> {
  /** Where the server's message goes when it names a field; a Mantine form fits as it is. */
  form: { setFieldError: (field: string, message: string) => void };
  /** The error toast's title, and its message when the server gives no reason. */
  failed: string;
  tryAgain: string;
  /** The success toast, for forms that stay on screen after sending. */
  succeeded?: { title: string; message?: string };
  onSuccess?: (result: Result) => void;
}

/** The server's message for the field it names (`inquiryTypes.1` belongs to `inquiryTypes`). */
const serverFieldError = (error: unknown): { field: string; message: string } | null =>
  error instanceof ApiError && error.field && error.message
    ? { field: error.field.split('.')[0]!, message: error.message }
    : null;

/**
 * Sends a form through its mutation. A refusal marks the field the server named, if any, and says
 * why in a toast; a success shows its toast and takes the form's next step.
 */
export const useFormSubmission =
  <Variables, Result>(
    mutation: UseMutationResult<Result, Error, Variables>,
    { form, failed, tryAgain, succeeded, onSuccess }: Submission<Result>,
  ) =>
  (variables: Variables) =>
    mutation.mutate(variables, {
      onSuccess: (result) => {
        if (succeeded) toast('success', succeeded.title, succeeded.message);
        onSuccess?.(result);
      },
      onError: (error) => {
        const fieldError = serverFieldError(error);
        if (fieldError) form.setFieldError(fieldError.field, fieldError.message);
        toast('error', failed, errorMessage(error, tryAgain));
      },
    });
