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

/**
 * The most traffic one client address must get through in a window: an office of 50 people behind one
 * address (NAT), each running the desktop application and using the site. At start the application
 * calls validate-license and, without the key set or on a key it does not know (a rotation), fetches
 * license-public-key, twice at most (desktop-client/license-client.ts): 3 requests; a start twice in the
 * same 5 minutes (a restart, a crash) is allowed for. Signed-in pages make a handful of calls per view.
 */
const OFFICE = {
  people: 50,
  requestsPerAppStart: 3,
  appStartsPerWindow: 2,
  signedInCallsPerWindow: 10,
} as const;

/** What the office's desktop applications alone send to the public lookups in one window. */
export const OFFICE_DESKTOP_REQUESTS = OFFICE.people * OFFICE.requestsPerAppStart * OFFICE.appStartsPerWindow;
/** What the office sends to the API in one window: its applications and its people's pages. */
export const OFFICE_API_REQUESTS = OFFICE_DESKTOP_REQUESTS + OFFICE.people * OFFICE.signedInCallsPerWindow;

export const EDGE_RATE_LIMITS: readonly EdgeRateLimit[] = [
  // email-recovery and email-recovery-info: one-time codes, tried by guessing.
  { name: 'EmailRecovery', paths: ['/api/email-recovery'], limit: 20 },
  // License checks of desktop installs (an office behind one address shares this: OFFICE), the checkout
  // page's check of its link, health and the published license key: one rule (each costs 1 USD/month).
  {
    name: 'PublicLookups',
    paths: ['/api/validate-license', '/api/checkout-info', '/api/health', '/api/license-public-key'],
    limit: 500,
  },
  // Stripe delivers from a few addresses in bursts (a billing day's renewals) and retries a 429 later.
  { name: 'StripeWebhook', paths: ['/api/stripe-webhook'], limit: 3000 },
  // Every other route needs a signed-in user (it counts the public lookups too): an office's whole use.
  { name: 'Api', paths: ['/api/'], except: ['/api/stripe-webhook'], limit: 1500 },
];

/** The JSON body of the 429 answer, shaped like the API's own errors (lambdas/contracts/contract.ts). */
export const EDGE_LIMIT_BODY = JSON.stringify({
  error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a few minutes and try again.' },
});
