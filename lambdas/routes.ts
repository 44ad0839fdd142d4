import { acceptTerms } from './endpoints/accept-terms/contract';
import { addLicenses } from './endpoints/add-licenses/contract';
import { cancelCheckout } from './endpoints/cancel-checkout/contract';
import { cancelSubscription } from './endpoints/cancel-subscription/contract';
import { assignLicense } from './endpoints/assign-license/contract';
import { putBillingDetails } from './endpoints/billing-details/contract';
import { checkoutInfo } from './endpoints/checkout-info/contract';
import { completeCheckout } from './endpoints/complete-checkout/contract';
import { getAccountSummary } from './endpoints/get-account-summary/contract';
import type { RouteDef } from './contracts/contract';
import { deleteCustomer } from './endpoints/delete-customer/contract';
import { emailRecovery } from './endpoints/email-recovery/contract';
import { emailRecoveryInfo } from './endpoints/email-recovery-info/contract';
import { getBillingDetails } from './endpoints/get-billing-details/contract';
import { endSessions } from './endpoints/end-sessions/contract';
import { getHeldLicenses } from './endpoints/get-held-licenses/contract';
import { getInvoices } from './endpoints/get-invoices/contract';
import { getInvoicesCsv } from './endpoints/get-invoices-csv/contract';
import { getLicenses } from './endpoints/get-licenses/contract';
import { getMachines } from './endpoints/get-machines/contract';
import { getSubscriptions } from './endpoints/get-subscriptions/contract';
import { health } from './endpoints/health/contract';
import { licensePublicKey } from './endpoints/license-public-key/contract';
import { quoteLicenses } from './endpoints/quote-licenses/contract';
import { refundEligibility } from './endpoints/refund-eligibility/contract';
import { removeLicenses } from './endpoints/remove-licenses/contract';
import { renewLicenses } from './endpoints/renew-licenses/contract';
import { requestRefund } from './endpoints/request-refund/contract';
import { resumeSubscription } from './endpoints/resume-subscription/contract';
import { setupCheckout } from './endpoints/setup-checkout/contract';
import { signOutEverywhere } from './endpoints/sign-out-everywhere/contract';
import { signOutMachine } from './endpoints/sign-out-machine/contract';
import { stripeWebhook } from './endpoints/stripe-webhook/contract';
import { takeBackLicense } from './endpoints/take-back-license/contract';
import { updateCard } from './endpoints/update-card/contract';
import { updateEmail } from './endpoints/update-email/contract';
import { validateLicense } from './endpoints/validate-license/contract';

// The one table of API routes, one row per endpoint (lambdas/endpoints/<name>/contract.ts). The local
// API server (dev/) and the CDK API stack (cdk/) both read it, so a route exists locally exactly as it
// will behind API Gateway, and with the method and path its handler and its clients were typed with.
// The other registries of endpoints (grants, fuzz, bench, callers) are keyed by EndpointName: an
// endpoint listed here and missing from one of them does not compile (docs/adding-an-endpoint.md).

export type { RouteDef } from './contracts/contract';

const contracts = [
  health,
  updateEmail,
  emailRecoveryInfo,
  emailRecovery,
  endSessions,
  setupCheckout,
  checkoutInfo,
  completeCheckout,
  cancelCheckout,
  getLicenses,
  getSubscriptions,
  getInvoices,
  getInvoicesCsv,
  addLicenses,
  quoteLicenses,
  removeLicenses,
  resumeSubscription,
  cancelSubscription,
  renewLicenses,
  putBillingDetails,
  getBillingDetails,
  refundEligibility,
  requestRefund,
  acceptTerms,
  assignLicense,
  takeBackLicense,
  getHeldLicenses,
  getAccountSummary,
  updateCard,
  deleteCustomer,
  signOutEverywhere,
  stripeWebhook,
  validateLicense,
  licensePublicKey,
  getMachines,
  signOutMachine,
] as const;

/** An endpoint's name: its folder in lambdas/endpoints/, the key of every registry of endpoints. */
export type EndpointName = (typeof contracts)[number]['handler'];

/** The GET endpoints that read a query string (each is in the validation test's malformed-query matrix). */
export type QueryEndpointName = Extract<
  (typeof contracts)[number],
  { method: 'GET'; query: object }
>['handler'];

export const routes: readonly (RouteDef & { handler: EndpointName })[] = contracts.map((c) => {
  const { method, path, handler, auth } = c;
  return 'file' in c ? { method, path, handler, auth, file: c.file } : { method, path, handler, auth };
});
