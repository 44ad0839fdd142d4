// The answers' types as the pages name them: each is the endpoint's contract's own type
// (lambdas/contracts/), so a change to an answer reaches every page that reads it.

export type { AddLicensesResult } from '../../lambdas/contracts/add-licenses';
export type { CheckoutInfo } from '../../lambdas/contracts/checkout-info';
export type { CompleteCheckoutResult } from '../../lambdas/contracts/complete-checkout';
export type { ApiErrorBody } from '../../lambdas/contracts/contract';
export type { EmailRecoveryInfo } from '../../lambdas/contracts/email-recovery-info';
export type { LicenseData } from '../../lambdas/contracts/get-licenses';
export type { Subscription } from '../../lambdas/contracts/get-subscriptions';
export type { LicenseView } from '../../lambdas/contracts/license-view';
export type { LicenseQuote } from '../../lambdas/contracts/quote-licenses';
export type { RemoveLicensesResult } from '../../lambdas/contracts/remove-licenses';
export type { SetupCheckoutResult } from '../../lambdas/contracts/setup-checkout';
export type { UpdateCardResult } from '../../lambdas/contracts/update-card';
