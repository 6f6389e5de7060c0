import { useEffect } from 'react';
import { usePaymentsConfig } from './api/payments-config.ts';

/** Pages that may run Stripe.js; the server allows it in their Content-Security-Policy only. */
const stripePages = ['/donate', '/store/order'];

/**
 * A page reached by navigating inside the app keeps the policy of the page first loaded; Stripe.js
 * needs this page's own policy, so the page is loaded afresh once.
 */
export const documentAllowsStripe = (loadedUrl: string) =>
  stripePages.includes(new URL(loadedUrl).pathname.toLowerCase().replace(/\/$/, ''));

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
