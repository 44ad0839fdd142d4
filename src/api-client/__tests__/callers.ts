import type { EndpointName } from '../../../lambdas/routes';
import * as client from '../client';

// Who calls each endpoint: the site, through this folder's client (an example call of its function),
// or another caller named with where its client lives. Keyed by every route in lambdas/routes.ts, so
// an endpoint nobody calls does not compile; callers.test.ts checks that each example reaches the
// endpoint's own method and path.

export type Caller =
  | { site: () => Promise<unknown> }
  | { other: 'the desktop application' | 'Stripe' | 'monitoring'; client: string };

const ids = { customerId: 'cus_1', subscriptionId: 'sub_1' };

export const CALLERS: { readonly [Name in EndpointName]: Caller } = {
  health: { other: 'monitoring', client: 'scripts/smoke (the deploy smoke test)' },
  'license-public-key': { other: 'the desktop application', client: 'desktop-client/trust.ts' },
  'validate-license': { other: 'the desktop application', client: 'desktop-client/license-client.ts' },
  'get-account-summary': { other: 'the desktop application', client: 'desktop-client/account-summary.ts' },
  'stripe-webhook': { other: 'Stripe', client: 'the webhook endpoint Stripe is given (cdk/lib/api.ts)' },
  'update-email': {
    site: () =>
      client.updateEmail({ uid: 'u1', oldEmail: 'a@x.io', newEmail: 'b@x.io', currentPassword: 'p' }),
  },
  'email-recovery-info': { site: () => client.getEmailRecovery('code') },
  'email-recovery': { site: () => client.recoverEmail('code') },
  'end-sessions': { site: () => client.endSessions('code') },
  'setup-checkout': { site: () => client.setupCheckout({ uid: 'u1', email: 'a@x.io', count: 1 }) },
  'checkout-info': { site: () => client.checkoutInfo('pi_1_secret_2') },
  'accept-terms': { site: () => client.acceptTerms({ subscriptionId: 'sub_1', version: '2026-01-01' }) },
  'complete-checkout': { site: () => client.completeCheckout({ uid: 'u1', pmid: 'pm_1' }) },
  'cancel-checkout': { site: () => client.cancelCheckout(ids) },
  'get-licenses': { site: () => client.getLicenses('u1') },
  'get-subscriptions': { site: () => client.getSubscriptions('u1') },
  'get-invoices': { site: () => client.getInvoices() },
  'get-invoices-csv': { site: () => client.downloadInvoicesCsv('u1') },
  'get-held-licenses': { site: () => client.getHeldLicenses('u1') },
  'get-machines': { site: () => client.getMachines('u1') },
  'sign-out-machine': { site: () => client.signOutMachine({ licenseKey: 'K', machineId: 'm1' }) },
  'assign-license': { site: () => client.assignLicense({ ...ids, licenseKey: 'K', email: 'b@x.io' }) },
  'take-back-license': { site: () => client.takeBackLicense({ ...ids, licenseKey: 'K' }) },
  'add-licenses': { site: () => client.addLicenses({ ...ids, count: 1 }) },
  'quote-licenses': { site: () => client.quoteLicenses({ count: 1 }) },
  'remove-licenses': { site: () => client.removeLicenses({ ...ids, licenseKeys: ['K'] }) },
  'resume-subscription': { site: () => client.resumeSubscription(ids) },
  'cancel-subscription': { site: () => client.cancelSubscription(ids) },
  'renew-licenses': { site: () => client.renewLicenses({ ...ids, licenseKeys: ['K'] }) },
  'get-billing-details': { site: () => client.getBillingDetails('u1') },
  'billing-details': {
    site: () =>
      client.putBillingDetails({
        customerId: 'cus_1',
        companyName: 'Acme',
        address: { line1: '1 Elm St', city: 'Springfield', postalCode: '12345', country: 'US' },
      }),
  },
  'refund-eligibility': { site: () => client.getRefundEligibility('u1') },
  'request-refund': { site: () => client.requestRefund(ids) },
  'update-card': { site: () => client.updateCard({ subscriptionId: 'sub_1', paymentMethodId: 'pm_1' }) },
  'sign-out-everywhere': { site: () => client.signOutEverywhere() },
  'delete-customer': { site: () => client.deleteCustomer('u1', 'p') },
  'finish-passkey-removal': { site: () => client.finishPasskeyRemoval('a.b.c') },
};
