import { Alert } from '@mantine/core';
import { paymentMessages } from '#contract/payments.ts';

export function PaymentFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" title={paymentMessages.failedTitle} role="alert">
      {message}
    </Alert>
  );
}
