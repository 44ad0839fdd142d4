// The answers' types as the pages name them: each is the endpoint's contract's own type
// (lambdas/contracts/), so a change to an answer reaches every page that reads it.

export type { CheckoutInfo } from '../../lambdas/endpoints/checkout-info/contract';
export type { ApiErrorBody } from '../../lambdas/contracts/contract';
export type { EmailRecoveryInfo } from '../../lambdas/endpoints/email-recovery-info/contract';
export type { LicenseData } from '../../lambdas/endpoints/get-licenses/contract';
export type { Subscription } from '../../lambdas/endpoints/get-subscriptions/contract';
export type { LicenseView } from '../../lambdas/contracts/license-view';
export type { LicenseQuote } from '../../lambdas/endpoints/quote-licenses/contract';
export type { Invoice } from '../../lambdas/endpoints/get-invoices/contract';
export type { HeldLicense } from '../../lambdas/endpoints/get-held-licenses/contract';
export type { LicenseMachines } from '../../lambdas/endpoints/get-machines/contract';
export type { MachineView } from '../../lambdas/contracts/machine';
export type { BillingDetails } from '../../lambdas/endpoints/billing-details/contract';
export type { RefundEligibility } from '../../lambdas/endpoints/refund-eligibility/contract';
