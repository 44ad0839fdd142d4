import { siteConfig } from '../config';

// What checkout shows when a payment fails.
export const PAYMENT_FAILED = 'Payment failed. Please try another payment method.';
export const paymentSomethingWrong = (): string =>
  `Something went wrong. Please email ${siteConfig.supportEmail}.`;
