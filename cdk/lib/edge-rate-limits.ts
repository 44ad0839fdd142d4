// Per-client request limits at the edge (cdk/lib/web-acl.ts): requests per 5 minutes from one IP
// address, per group of API paths. The public routes are stricter: they need no token, so nothing
// else slows a script down. API Gateway's per-route throttling (cdk/lib/api.ts) still caps the total.

export interface EdgeRateLimit {
  /** Rule and metric name. */
  name: string;
  /** Path prefixes (a request matches when its path starts with one). */
  paths: readonly string[];
  /** Prefixes left out of `paths` (they have a rule of their own). */
  except?: readonly string[];
  /** Requests per 5 minutes per client IP; more are answered 429 until the rate drops. */
  limit: number;
}

export const EDGE_WINDOW_SECONDS = 300;

export const EDGE_RATE_LIMITS: readonly EdgeRateLimit[] = [
  // email-recovery and email-recovery-info: one-time codes, tried by guessing.
  { name: 'EmailRecovery', paths: ['/api/email-recovery'], limit: 20 },
  // License checks of desktop installs (a team behind one address shares this), the checkout page's
  // check of its link, health and the published license key: public, one rule (each costs 1 USD/month).
  {
    name: 'PublicLookups',
    paths: ['/api/validate-license', '/api/checkout-info', '/api/health', '/api/license-public-key'],
    limit: 100,
  },
  // Stripe delivers from a few addresses in bursts (a billing day's renewals) and retries a 429 later.
  { name: 'StripeWebhook', paths: ['/api/stripe-webhook'], limit: 3000 },
  // Every other route needs a signed-in user: a page makes a handful of calls per view.
  { name: 'Api', paths: ['/api/'], except: ['/api/stripe-webhook'], limit: 600 },
];

/** The JSON body of the 429 answer, shaped like the API's own errors (lambdas/contracts/contract.ts). */
export const EDGE_LIMIT_BODY = JSON.stringify({
  error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a few minutes and try again.' },
});
