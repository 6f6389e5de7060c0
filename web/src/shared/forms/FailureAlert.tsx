import { Alert } from '@mantine/core';

/** Why the last try did not go through, read out at once by screen readers; nothing while there is no failure. */
export function FailureAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}
