import { Box, Button, Input, Stack } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useMemo, useState } from 'react';
import { paymentMessages } from '#contract/payments.ts';
import { toast } from '#web/shared/toast.ts';
import { confirmCard, stripeFor } from '../stripe.ts';
import type { CardFormProps } from './card-form-props.ts';
import { PaymentFailure } from './PaymentFailure.tsx';

function StripeCardFields({ clientSecret, billing, payLabel, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    setFailure(null);
    setPaying(true);
    const outcome = await confirmCard(stripe, card, clientSecret, billing).catch(() => ({
      ok: false as const,
      message: paymentMessages.failedFallback,
    }));
    setPaying(false);
    if (outcome.ok) onPaid();
    else {
      setFailure(outcome.message);
      toast('error', paymentMessages.failedTitle, outcome.message);
    }
  };

  return (
    <form onSubmit={pay} noValidate>
      <Stack gap="sm">
        <Input.Wrapper label="Card details">
          <Box
            p="sm"
            style={{
              border: '1px solid var(--mantine-color-gray-4)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            <CardElement options={{ hidePostalCode: false, style: { base: { fontSize: '16px' } } }} />
          </Box>
        </Input.Wrapper>
        <PaymentFailure message={failure} />
        <Button
          type="submit"
          loading={paying || !clientSecret || !stripe}
          disabled={!clientSecret || !stripe}
        >
          {payLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** Stripe's card element with the publishable key from configuration. */
export default function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  const { publishableKey, ...formProps } = props;
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...formProps} />
    </Elements>
  );
}
