export { usePaymentsConfig } from './api/payments-config.ts';
export { CardPayment, useStripeReadyDocument } from './components/CardPayment.tsx';
export type { CardFormProps } from './components/card-form-props.ts';
