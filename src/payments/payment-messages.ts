import { siteConfig } from '../config';

// Spec point 8, checkout.
export const PAYMENT_FAILED = 'Payment failed. Please try another payment method.';
export const paymentSomethingWrong = (): string =>
  `Something went wrong. Please email ${siteConfig.supportEmail}.`;
