import type { EndpointName } from '../routes';
import type { HandlerPermissions } from '../lib/permissions';
import { grants as acceptTerms } from './accept-terms/grants';
import { grants as addLicenses } from './add-licenses/grants';
import { grants as assignLicense } from './assign-license/grants';
import { grants as billingDetails } from './billing-details/grants';
import { grants as cancelCheckout } from './cancel-checkout/grants';
import { grants as cancelSubscription } from './cancel-subscription/grants';
import { grants as checkoutInfo } from './checkout-info/grants';
import { grants as completeCheckout } from './complete-checkout/grants';
import { grants as deleteCustomer } from './delete-customer/grants';
import { grants as emailRecovery } from './email-recovery/grants';
import { grants as emailRecoveryInfo } from './email-recovery-info/grants';
import { grants as endSessions } from './end-sessions/grants';
import { grants as getAccountSummary } from './get-account-summary/grants';
import { grants as getBillingDetails } from './get-billing-details/grants';
import { grants as getHeldLicenses } from './get-held-licenses/grants';
import { grants as getInvoices } from './get-invoices/grants';
import { grants as getInvoicesCsv } from './get-invoices-csv/grants';
import { grants as getLicenses } from './get-licenses/grants';
import { grants as getMachines } from './get-machines/grants';
import { grants as getSubscriptions } from './get-subscriptions/grants';
import { grants as health } from './health/grants';
import { grants as licensePublicKey } from './license-public-key/grants';
import { grants as quoteLicenses } from './quote-licenses/grants';
import { grants as refundEligibility } from './refund-eligibility/grants';
import { grants as removeLicenses } from './remove-licenses/grants';
import { grants as renewLicenses } from './renew-licenses/grants';
import { grants as requestRefund } from './request-refund/grants';
import { grants as resumeSubscription } from './resume-subscription/grants';
import { grants as setupCheckout } from './setup-checkout/grants';
import { grants as signOutEverywhere } from './sign-out-everywhere/grants';
import { grants as signOutMachine } from './sign-out-machine/grants';
import { grants as stripeWebhook } from './stripe-webhook/grants';
import { grants as takeBackLicense } from './take-back-license/grants';
import { grants as updateCard } from './update-card/grants';
import { grants as updateEmail } from './update-email/grants';
import { grants as validateLicense } from './validate-license/grants';

// Every endpoint's grants (its folder's grants.ts), by the endpoint's name: keyed by every route in
// lambdas/routes.ts, so an endpoint without grants does not compile. cdk/lib/handler-permissions.ts
// turns them into IAM statements.

export const ENDPOINT_GRANTS: { readonly [Name in EndpointName]: HandlerPermissions } = {
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
