import { Alert, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFlask } from '@tabler/icons-react';
import { useState } from 'react';
import { paymentMessages } from '#contract/payments.ts';
import { type TextField, TextFields } from '#web/shared/forms/TextFields.tsx';
import { ApiError, errorMessage } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { confirmTestCard } from '../api/confirm-test-card.ts';
import type { CardFormProps } from './card-form-props.ts';
import { PaymentFailure } from './PaymentFailure.tsx';

const cardFields = ['cardNumber', 'expiry', 'cvc'] as const;

const cardInputs: readonly (TextField | TextField[])[] = [
  {
    path: 'cardNumber',
    label: 'Card number',
    inputMode: 'numeric',
    autoComplete: 'cc-number',
    placeholder: '4242 4242 4242 4242',
  },
  [
    { path: 'expiry', label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', placeholder: '12/34' },
    { path: 'cvc', label: 'CVC', inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123' },
  ],
];

/** Test mode's own card form: the server answers for the well-known test cards; no card is charged. */
export function TestCardForm({ clientSecret, payLabel, onPaid }: CardFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const form = useForm({
    initialValues: { cardNumber: '', expiry: '', cvc: '' },
    validate: {
      cardNumber: (value) => (value.trim() ? null : paymentMessages.cardNumberRequired),
      expiry: (value) => (/^\d{2}\s*\/\s*\d{2}$/.test(value.trim()) ? null : paymentMessages.expiryInvalid),
      cvc: (value) => (/^\d{3,4}$/.test(value.trim()) ? null : paymentMessages.cvcInvalid),
    },
  });

  const pay = form.onSubmit(async (card) => {
    if (!clientSecret) return;
    setFailure(null);
    setPaying(true);
    try {
      await confirmTestCard({ clientSecret, ...card });
      onPaid();
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      const message = errorMessage(error, paymentMessages.failedFallback);
      if (
        field &&
        (cardFields as readonly string[]).includes(field) &&
        error instanceof ApiError &&
        error.status === 400
      )
        form.setFieldError(field, message);
      else {
        setFailure(message);
        toast('error', paymentMessages.failedTitle, message);
      }
    } finally {
      setPaying(false);
    }
  });

  return (
    <form onSubmit={pay} noValidate>
      <Stack gap="sm">
        <Alert
          color="yellow"
          icon={<IconFlask size={18} aria-hidden />}
          title={paymentMessages.testMode}
          styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
        >
          <Text size="sm">
            Use the test card 4242 4242 4242 4242 with any future date and any three digits.
          </Text>
        </Alert>
        <TextFields form={form} fields={cardInputs} />
        <PaymentFailure message={failure} />
        <Button type="submit" loading={paying || !clientSecret} disabled={!clientSecret}>
          {payLabel}
        </Button>
      </Stack>
    </form>
  );
}
