export { HoneypotField } from './components/HoneypotField.tsx';
export { serverFieldError, validateWith } from './form-errors.ts';
