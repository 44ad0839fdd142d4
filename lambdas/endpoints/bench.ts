import type { EndpointName } from '../routes';
import type { EndpointBench } from '../../bench/scenarios/context';
import { bench as acceptTerms } from './accept-terms/bench';
import { bench as addLicenses } from './add-licenses/bench';
import { bench as assignLicense } from './assign-license/bench';
import { bench as billingDetails } from './billing-details/bench';
import { bench as cancelCheckout } from './cancel-checkout/bench';
import { bench as cancelSubscription } from './cancel-subscription/bench';
import { bench as checkoutInfo } from './checkout-info/bench';
import { bench as completeCheckout } from './complete-checkout/bench';
import { bench as deleteCustomer } from './delete-customer/bench';
import { bench as emailRecovery } from './email-recovery/bench';
import { bench as emailRecoveryInfo } from './email-recovery-info/bench';
import { bench as endSessions } from './end-sessions/bench';
import { bench as getAccountSummary } from './get-account-summary/bench';
import { bench as getBillingDetails } from './get-billing-details/bench';
import { bench as getHeldLicenses } from './get-held-licenses/bench';
import { bench as getInvoices } from './get-invoices/bench';
import { bench as getInvoicesCsv } from './get-invoices-csv/bench';
import { bench as getLicenses } from './get-licenses/bench';
import { bench as getMachines } from './get-machines/bench';
import { bench as getSubscriptions } from './get-subscriptions/bench';
import { bench as health } from './health/bench';
import { bench as licensePublicKey } from './license-public-key/bench';
import { bench as quoteLicenses } from './quote-licenses/bench';
import { bench as refundEligibility } from './refund-eligibility/bench';
import { bench as removeLicenses } from './remove-licenses/bench';
import { bench as renewLicenses } from './renew-licenses/bench';
import { bench as requestRefund } from './request-refund/bench';
import { bench as resumeSubscription } from './resume-subscription/bench';
import { bench as setupCheckout } from './setup-checkout/bench';
import { bench as signOutEverywhere } from './sign-out-everywhere/bench';
import { bench as signOutMachine } from './sign-out-machine/bench';
import { bench as stripeWebhook } from './stripe-webhook/bench';
import { bench as takeBackLicense } from './take-back-license/bench';
import { bench as updateCard } from './update-card/bench';
import { bench as updateEmail } from './update-email/bench';
import { bench as validateLicense } from './validate-license/bench';

// How bench/api-tree.ts measures every endpoint (its folder's bench.ts), by the endpoint's name: keyed
// by every route in lambdas/routes.ts, so an endpoint without a scenario does not compile.

export const ENDPOINT_BENCH: { readonly [Name in EndpointName]: EndpointBench } = {
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
