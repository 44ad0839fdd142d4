import { acceptTerms } from './contracts/accept-terms';
import { addLicenses } from './contracts/add-licenses';
import { cancelCheckout } from './contracts/cancel-checkout';
import { cancelSubscription } from './contracts/cancel-subscription';
import { assignLicense } from './contracts/assign-license';
import { putBillingDetails } from './contracts/billing-details';
import { checkoutInfo } from './contracts/checkout-info';
import { completeCheckout } from './contracts/complete-checkout';
import type { RouteDef } from './contracts/contract';
import { deleteCustomer } from './contracts/delete-customer';
import { emailRecovery } from './contracts/email-recovery';
import { emailRecoveryInfo } from './contracts/email-recovery-info';
import { getBillingDetails } from './contracts/get-billing-details';
import { endSessions } from './contracts/end-sessions';
import { getHeldLicenses } from './contracts/get-held-licenses';
import { getInvoices } from './contracts/get-invoices';
import { getLicenses } from './contracts/get-licenses';
import { getMachines } from './contracts/get-machines';
import { getSubscriptions } from './contracts/get-subscriptions';
import { health } from './contracts/health';
import { licensePublicKey } from './contracts/license-public-key';
import { quoteLicenses } from './contracts/quote-licenses';
import { refundEligibility } from './contracts/refund-eligibility';
import { removeLicenses } from './contracts/remove-licenses';
import { renewLicenses } from './contracts/renew-licenses';
import { requestRefund } from './contracts/request-refund';
import { resumeSubscription } from './contracts/resume-subscription';
import { setupCheckout } from './contracts/setup-checkout';
import { signOutEverywhere } from './contracts/sign-out-everywhere';
import { signOutMachine } from './contracts/sign-out-machine';
import { stripeWebhook } from './contracts/stripe-webhook';
import { takeBackLicense } from './contracts/take-back-license';
import { updateCard } from './contracts/update-card';
import { updateEmail } from './contracts/update-email';
import { validateLicense } from './contracts/validate-license';

// The one table of API routes, one row per contract in lambdas/contracts/. The local API server
// (dev/) and the CDK API stack (cdk/) both read it, so a route exists locally exactly as it will
// behind API Gateway, and with the method and path its handler and its clients were typed with.

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
  updateCard,
  deleteCustomer,
  signOutEverywhere,
  stripeWebhook,
  validateLicense,
  licensePublicKey,
  getMachines,
  signOutMachine,
] as const;

export const routes: readonly RouteDef[] = contracts.map(({ method, path, handler, auth }) => ({
  method,
  path,
  handler,
  auth,
}));
