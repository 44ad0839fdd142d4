import { cspDirectives, STRIPE_API, STRIPE_HOOKS, STRIPE_JS, STRIPE_JS_SUBDOMAINS } from './csp';

// The security headers the site and /api carry, as plain values. CloudFront's response headers policy
// (site.ts) is built from them, the local site server (dev/site-server.ts) sends them, and `npm run
// smoke` checks a deploy and the local stack against them. No aws-cdk-lib here, so the site server and
// the smoke script load this cheaply.

/** Two years. */
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 3600;
export const HSTS_INCLUDE_SUBDOMAINS = true;
export const FRAME_OPTION = 'DENY';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

/** Directive name -> sources, as cspDirectives() gives them. */
export type CspDirectives = Record<string, string[]>;

/** The header value: what contentSecurityPolicy() in csp.ts writes for the same directives. */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** Where the local stack serves what production loads from Stripe and Cognito. */
export interface LocalEndpoints {
  /** The Stripe.js stand-in's URL (the emulator's /js/stripe.js). */
  stripeJs: string;
  /** The Stripe emulator's API. */
  stripeApi: string;
  /** The Cognito endpoint (the local proxy). */
  cognito: string;
}

// cspDirectives() builds the Cognito host from the region; this stands for the region so the Cognito
// source can be found again without restating its host name.
const REGION_MARK = 'local-stack-region';

/**
 * Production's directives with each Stripe and Cognito source swapped for the local service that
 * plays it: the site then needs exactly what it needs in production, nothing more.
 */
export function localCspDirectives(local: LocalEndpoints, analyticsEnabled = false): CspDirectives {
  const origin = (url: string) => new URL(url).origin;
  const swap = (source: string): string => {
    if ([STRIPE_JS, STRIPE_JS_SUBDOMAINS, STRIPE_HOOKS].includes(source)) return origin(local.stripeJs);
    if (source === STRIPE_API) return origin(local.stripeApi);
    if (source.includes(REGION_MARK)) return origin(local.cognito);
    return source;
  };
  return Object.fromEntries(
    Object.entries(cspDirectives({ cognitoRegion: REGION_MARK, analyticsEnabled })).map(([name, sources]) => [
      name,
      [...new Set(sources.map(swap))],
    ]),
  );
}

export interface SecurityHeaderOptions {
  csp: CspDirectives;
  /**
   * Whether the site is served over https. CloudFront always is (http redirects), so production sends
   * everything. Over http (the local stack) HSTS means nothing to a browser and is left out, and so is
   * upgrade-insecure-requests, which would send the page's own http requests to https.
   */
  https: boolean;
}

/** Header name (lower case) -> value, as CloudFront's response headers policy sends them. */
export function securityHeaders({ csp, https }: SecurityHeaderOptions): Record<string, string> {
  const directives = https
    ? csp
    : Object.fromEntries(Object.entries(csp).filter(([name]) => name !== 'upgrade-insecure-requests'));
  const hsts = `max-age=${HSTS_MAX_AGE_SECONDS}${HSTS_INCLUDE_SUBDOMAINS ? '; includeSubDomains' : ''}`;
  return {
    ...(https ? { 'strict-transport-security': hsts } : {}),
    'content-security-policy': serializeCsp(directives),
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTION,
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
  };
}
