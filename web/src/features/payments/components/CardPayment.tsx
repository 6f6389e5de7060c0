import { Alert, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { paymentMessages } from '#contract/payments.ts';
import { loadChunk } from '#web/shared/load-chunk.ts';
import { usePaymentsConfig } from '../api/payments-config.ts';
import { documentAllowsStripe } from '../stripe.ts';
import type { CardFormProps } from './card-form-props.ts';
import { TestCardForm } from './TestCardForm.tsx';

// Stripe's code loads only when Stripe is configured; test mode fetches nothing from Stripe.
const StripeCardForm = lazy(loadChunk(() => import('./StripeCardForm.tsx')));

/** The card form the configuration calls for: Stripe's card element, or test mode's own form. */
export function CardPayment(props: CardFormProps) {
  const config = usePaymentsConfig();
  if (config.isPending) return <Loader size="sm" aria-label="Preparing payment" />;
  if (config.isError) return <Alert color="red">{paymentMessages.setupFailed}</Alert>;
  if (config.data.provider === 'test') return <TestCardForm {...props} />;
  if (!config.data.publishableKey) return <Alert color="red">{paymentMessages.setupFailed}</Alert>;
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Preparing payment" />}>
      <StripeCardForm {...props} publishableKey={config.data.publishableKey} />
    </Suspense>
  );
}

/**
 * Stripe.js is allowed only by the policy of the pages that take a card; a page reached by a link
 * inside the app still has the first page's policy, so it is loaded afresh once.
 */
export const useStripeReadyDocument = () => {
  const config = usePaymentsConfig();
  const provider = config.data?.provider;
  useEffect(() => {
    if (provider !== 'stripe') return;
    const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
      ?.name;
    if (!documentAllowsStripe(loaded ?? window.location.href)) window.location.reload();
  }, [provider]);
};
