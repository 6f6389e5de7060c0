import { Alert, Loader } from '@mantine/core';
import { lazy } from 'react';
import { paymentMessages } from '#contract/payments.ts';
import { loadChunk } from '#web/shared/load-chunk.ts';
import { usePaymentsConfig } from '../api/payments-config.ts';
import type { CardFormProps } from './card-form-props.ts';
import { TestCardForm } from './TestCardForm.tsx';

// Stripe's code loads only when Stripe is configured; test mode fetches nothing from Stripe.
const StripeCardForm = lazy(loadChunk(() => import('./StripeCardForm.tsx')));

/** The card form the configuration calls for: Stripe's card element, or test mode's own form. */
export function ConfiguredCardForm(props: CardFormProps) {
  const config = usePaymentsConfig();
  if (config.isPending) return <Loader size="sm" aria-label="Preparing payment" />;
  if (config.isError) return <Alert color="red">{paymentMessages.setupFailed}</Alert>;
  if (config.data.provider === 'test') return <TestCardForm {...props} />;
  if (!config.data.publishableKey) return <Alert color="red">{paymentMessages.setupFailed}</Alert>;
  // Its chunk suspends to the Suspense of CardPayment, whose fallback is this same loader.
  return <StripeCardForm {...props} publishableKey={config.data.publishableKey} />;
}
