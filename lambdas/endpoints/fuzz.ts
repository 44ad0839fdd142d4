import type { EndpointName } from '../routes';
import type { FuzzGenerator } from '../__tests__/fuzz/kit';
import { fuzz as acceptTerms } from './accept-terms/fuzz';
import { fuzz as addLicenses } from './add-licenses/fuzz';
import { fuzz as assignLicense } from './assign-license/fuzz';
import { fuzz as billingDetails } from './billing-details/fuzz';
import { fuzz as cancelCheckout } from './cancel-checkout/fuzz';
import { fuzz as cancelSubscription } from './cancel-subscription/fuzz';
import { fuzz as checkoutInfo } from './checkout-info/fuzz';
import { fuzz as completeCheckout } from './complete-checkout/fuzz';
import { fuzz as deleteCustomer } from './delete-customer/fuzz';
import { fuzz as emailRecovery } from './email-recovery/fuzz';
import { fuzz as emailRecoveryInfo } from './email-recovery-info/fuzz';
import { fuzz as endSessions } from './end-sessions/fuzz';
import { fuzz as getAccountSummary } from './get-account-summary/fuzz';
import { fuzz as getBillingDetails } from './get-billing-details/fuzz';
import { fuzz as getHeldLicenses } from './get-held-licenses/fuzz';
import { fuzz as getInvoices } from './get-invoices/fuzz';
import { fuzz as getInvoicesCsv } from './get-invoices-csv/fuzz';
import { fuzz as getLicenses } from './get-licenses/fuzz';
import { fuzz as getMachines } from './get-machines/fuzz';
import { fuzz as getSubscriptions } from './get-subscriptions/fuzz';
import { fuzz as health } from './health/fuzz';
import { fuzz as licensePublicKey } from './license-public-key/fuzz';
import { fuzz as quoteLicenses } from './quote-licenses/fuzz';
import { fuzz as refundEligibility } from './refund-eligibility/fuzz';
import { fuzz as removeLicenses } from './remove-licenses/fuzz';
import { fuzz as renewLicenses } from './renew-licenses/fuzz';
import { fuzz as requestRefund } from './request-refund/fuzz';
import { fuzz as resumeSubscription } from './resume-subscription/fuzz';
import { fuzz as setupCheckout } from './setup-checkout/fuzz';
import { fuzz as signOutEverywhere } from './sign-out-everywhere/fuzz';
import { fuzz as signOutMachine } from './sign-out-machine/fuzz';
import { fuzz as stripeWebhook } from './stripe-webhook/fuzz';
import { fuzz as takeBackLicense } from './take-back-license/fuzz';
import { fuzz as updateCard } from './update-card/fuzz';
import { fuzz as updateEmail } from './update-email/fuzz';
import { fuzz as validateLicense } from './validate-license/fuzz';

// Every endpoint's fuzz generator (its folder's fuzz.ts), by the endpoint's name: keyed by every route
// in lambdas/routes.ts, so an endpoint without one does not compile. lambdas/__tests__/fuzz.int.test.ts
// sends what they generate.

export const ENDPOINT_FUZZ: { readonly [Name in EndpointName]: FuzzGenerator } = {
  'accept-terms': acceptTerms,
  'add-licenses': addLicenses,
  'assign-license': assignLicense,
  'billing-details': billingDetails,
  'cancel-checkout': cancelCheckout,
  'cancel-subscription': cancelSubscription,
  'checkout-info': checkoutInfo,
  'complete-checkout': completeCheckout,
  'delete-customer': deleteCustomer,
  'email-recovery': emailRecovery,
  'email-recovery-info': emailRecoveryInfo,
  'end-sessions': endSessions,
  'get-account-summary': getAccountSummary,
  'get-billing-details': getBillingDetails,
  'get-held-licenses': getHeldLicenses,
  'get-invoices': getInvoices,
  'get-invoices-csv': getInvoicesCsv,
  'get-licenses': getLicenses,
  'get-machines': getMachines,
  'get-subscriptions': getSubscriptions,
  health: health,
  'license-public-key': licensePublicKey,
  'quote-licenses': quoteLicenses,
  'refund-eligibility': refundEligibility,
  'remove-licenses': removeLicenses,
  'renew-licenses': renewLicenses,
  'request-refund': requestRefund,
  'resume-subscription': resumeSubscription,
  'setup-checkout': setupCheckout,
  'sign-out-everywhere': signOutEverywhere,
  'sign-out-machine': signOutMachine,
  'stripe-webhook': stripeWebhook,
  'take-back-license': takeBackLicense,
  'update-card': updateCard,
  'update-email': updateEmail,
  'validate-license': validateLicense,
};
