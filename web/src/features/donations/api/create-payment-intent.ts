import { useEffect, useState } from 'react';
import type { DonationFrequency } from '#contract/donation-terms.ts';
import type { CreatePaymentIntentInput, CreatePaymentIntentResult } from '#contract/donations.ts';
import { paymentMessages } from '#contract/payments.ts';
import { api } from '#web/shared/http.ts';

export const createPaymentIntent = (
  body: CreatePaymentIntentInput,
  idempotencyKey: string,
  signal?: AbortSignal,
) =>
  api<CreatePaymentIntentResult>('/api/create-payment-intent', {
    method: 'POST',
    body,
    auth: false,
    headers: { 'idempotency-key': idempotencyKey },
    ...(signal ? { signal } : {}),
  });

export interface GiftRequest {
  amount: number;
  frequency: DonationFrequency;
  email: string;
}

const DEBOUNCE_MS = 400;

const newAttemptId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * A payment intent for the gift as it stands: made when the dialog opens and again, debounced,
 * whenever amount or frequency changes. Until the fresh one arrives there is no client secret,
 * so a stale intent is never confirmed.
 */
export const usePaymentIntent = (request: GiftRequest | null) => {
  const requestKey = request ? `${request.frequency}-${request.amount}` : null;
  const [attemptId] = useState(newAttemptId);
  const [retries, setRetries] = useState(0);
  const [state, setState] = useState<{
    key: string | null;
    clientSecret: string | null;
    error: string | null;
  }>({
    key: null,
    clientSecret: null,
    error: null,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the request is keyed by requestKey; a retry asks again.
  useEffect(() => {
    if (!request || !requestKey) return;
    setState({ key: requestKey, clientSecret: null, error: null });
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const result = await createPaymentIntent(
          { amount: request.amount, currency: 'gbp', frequency: request.frequency, email: request.email },
          `${attemptId}-${requestKey}-${retries}`,
          controller.signal,
        );
        setState((current) =>
          current.key === requestKey ? { ...current, clientSecret: result.clientSecret } : current,
        );
      } catch {
        if (controller.signal.aborted) return;
        setState((current) =>
          current.key === requestKey ? { ...current, error: paymentMessages.setupFailed } : current,
        );
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [requestKey, retries]);

  const current = state.key === requestKey;
  return {
    clientSecret: current ? state.clientSecret : null,
    error: current ? state.error : null,
    retry: () => setRetries((count) => count + 1),
  };
};
