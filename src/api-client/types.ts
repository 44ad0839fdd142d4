// The answers' types as the pages name them: each is the endpoint's contract's own type
// (lambdas/contracts/), so a change to an answer reaches every page that reads it.

export type { CheckoutInfo } from '../../lambdas/contracts/checkout-info';
export type { ApiErrorBody } from '../../lambdas/contracts/contract';
export type { EmailRecoveryInfo } from '../../lambdas/contracts/email-recovery-info';
export type { LicenseData } from '../../lambdas/contracts/get-licenses';
export type { Subscription } from '../../lambdas/contracts/get-subscriptions';
export type { LicenseView } from '../../lambdas/contracts/license-view';
export type { LicenseQuote } from '../../lambdas/contracts/quote-licenses';
export type { Invoice } from '../../lambdas/contracts/get-invoices';
export type { HeldLicense } from '../../lambdas/contracts/get-held-licenses';
export type { LicenseMachines } from '../../lambdas/contracts/get-machines';
export type { MachineView } from '../../lambdas/contracts/machine';
export type { BillingDetails } from '../../lambdas/contracts/billing-details';
export type { RefundEligibility } from '../../lambdas/contracts/refund-eligibility';
