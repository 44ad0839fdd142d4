import type { EndpointName } from '../routes';

// Every endpoint's handler (its folder's handler.ts), by the endpoint's name: keyed by every route in
// lambdas/routes.ts, so an endpoint without a handler, or a handler.ts that exports no `handler`, does
// not compile. The bundler, the local API server and CDK find the same files by path
// (cdk/lib/handler-bundles.ts handlerFile, cdk/lib/api.ts); the endpoint-folder test checks the two agree.

export const ENDPOINT_HANDLERS: {
  readonly [Name in EndpointName]: () => Promise<{ readonly handler: unknown }>;
} = {
  'accept-terms': () => import('./accept-terms/handler'),
  'add-licenses': () => import('./add-licenses/handler'),
  'assign-license': () => import('./assign-license/handler'),
  'billing-details': () => import('./billing-details/handler'),
  'cancel-checkout': () => import('./cancel-checkout/handler'),
  'cancel-subscription': () => import('./cancel-subscription/handler'),
  'checkout-info': () => import('./checkout-info/handler'),
  'complete-checkout': () => import('./complete-checkout/handler'),
  'delete-customer': () => import('./delete-customer/handler'),
  'email-recovery-info': () => import('./email-recovery-info/handler'),
  'email-recovery': () => import('./email-recovery/handler'),
  'end-sessions': () => import('./end-sessions/handler'),
  'get-account-summary': () => import('./get-account-summary/handler'),
  'get-billing-details': () => import('./get-billing-details/handler'),
  'get-held-licenses': () => import('./get-held-licenses/handler'),
  'get-invoices': () => import('./get-invoices/handler'),
  'get-invoices-csv': () => import('./get-invoices-csv/handler'),
  'get-licenses': () => import('./get-licenses/handler'),
  'get-machines': () => import('./get-machines/handler'),
  'get-subscriptions': () => import('./get-subscriptions/handler'),
  health: () => import('./health/handler'),
  'license-public-key': () => import('./license-public-key/handler'),
  'quote-licenses': () => import('./quote-licenses/handler'),
  'refund-eligibility': () => import('./refund-eligibility/handler'),
  'remove-licenses': () => import('./remove-licenses/handler'),
  'renew-licenses': () => import('./renew-licenses/handler'),
  'request-refund': () => import('./request-refund/handler'),
  'resume-subscription': () => import('./resume-subscription/handler'),
  'setup-checkout': () => import('./setup-checkout/handler'),
  'sign-out-everywhere': () => import('./sign-out-everywhere/handler'),
  'sign-out-machine': () => import('./sign-out-machine/handler'),
  'stripe-webhook': () => import('./stripe-webhook/handler'),
  'take-back-license': () => import('./take-back-license/handler'),
  'update-card': () => import('./update-card/handler'),
  'update-email': () => import('./update-email/handler'),
  'validate-license': () => import('./validate-license/handler'),
};
