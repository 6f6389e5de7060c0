export { CardPayment } from './components/CardPayment.tsx';
export { useStripeReadyDocument } from './stripe-ready-document.ts';
