import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { loadChunk } from '#web/shared/load-chunk.ts';
import type { CardFormProps } from './card-form-props.ts';

// The form, its validation and the payment messages load with the first card form shown, not with
// every page that imports payments: the gift page's first screen needs none of them.
const ConfiguredCardForm = lazy(
  loadChunk(async () => ({ default: (await import('./ConfiguredCardForm.tsx')).ConfiguredCardForm })),
);

export function CardPayment(props: CardFormProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Preparing payment" />}>
      <ConfiguredCardForm {...props} />
    </Suspense>
  );
}
