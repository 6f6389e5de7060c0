export { CardPayment, useStripeReadyDocument } from './components/CardPayment.tsx';
