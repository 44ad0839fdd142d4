// The site's Content-Security-Policy, built from what the site really loads:
// - its own origin (pages, hashed chunks, page-data, the BFF at /api, images);
// - Stripe.js on the checkout and update-card pages: script from js.stripe.com, its card frames from
//   js.stripe.com and its subdomains and 3-D Secure frames from hooks.stripe.com, API calls to
//   api.stripe.com (STRIPE_JS_CSP, Stripe's published list);
// - Amplify's calls to the Cognito user pool endpoint of the stack's region;
// - Google Analytics 4 only when analytics is enabled (gtag from www.googletagmanager.com, hits to
//   *.google-analytics.com; Google documents *.analytics.google.com as a GA4 collection host too).
//
// Scripts: no 'unsafe-inline'. Gatsby writes inline <script> tags into every page (window.pagePath,
// different per page, the chunk map and gatsby-plugin-image's loader). Hashes do not scale here: one
// per page would pass CloudFront's 1,783-character limit for this header. So the deploy step
// (cdk/site/externalize-inline-scripts.ts) moves each inline script into a content-addressed file under
// /_inline/ before upload, which 'self' covers; execution order is kept because they stay
// parser-blocking. Consequence for site code: no inline script bodies at run time either (e.g. the
// analytics bootstrap must be bundled code, not a <Script> with inline text).
// Styles: 'unsafe-inline' is kept for style-src only. Gatsby inlines the critical CSS into <style>
// tags and React and gatsby-plugin-image set style attributes; CSS cannot run script, and the other
// directives still block exfiltration through it to hosts not listed.

export interface CspOptions {
  /** AWS region of the user pool (a token is fine: the policy is joined by CloudFormation). */
  cognitoRegion: string;
  analyticsEnabled: boolean;
}

export const STRIPE_JS = 'https://js.stripe.com';
export const STRIPE_HOOKS = 'https://hooks.stripe.com';
export const STRIPE_API = 'https://api.stripe.com';
/** Stripe.js loads its frames and their scripts from subdomains of js.stripe.com too. */
export const STRIPE_JS_SUBDOMAINS = 'https://*.js.stripe.com';

/**
 * What Stripe's published guide asks a CSP to allow for Stripe.js (docs.stripe.com/security/guide,
 * "Content Security Policy"), by directive. Its https://maps.googleapis.com entries serve the Address
 * Element's autocomplete, which the site does not use (card fields only), so they are left out.
 * `npm run smoke` checks a deploy's CSP against this list.
 */
export const STRIPE_JS_CSP: Readonly<Record<'script-src' | 'frame-src' | 'connect-src', readonly string[]>> =
  {
    'script-src': [STRIPE_JS, STRIPE_JS_SUBDOMAINS],
    'frame-src': [STRIPE_JS, STRIPE_JS_SUBDOMAINS, STRIPE_HOOKS],
    'connect-src': [STRIPE_API],
  };
const GA_SCRIPT = 'https://www.googletagmanager.com';
const GA_COLLECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com'];

export function cspDirectives(options: CspOptions): Record<string, string[]> {
  const cognito = `https://cognito-idp.${options.cognitoRegion}.amazonaws.com`;
  const ga = options.analyticsEnabled;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...STRIPE_JS_CSP['script-src'], ...(ga ? [GA_SCRIPT] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: covers gatsby-plugin-image's inline placeholders.
    'img-src': ["'self'", 'data:', ...(ga ? [GA_SCRIPT, ...GA_COLLECT] : [])],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      ...STRIPE_JS_CSP['connect-src'],
      cognito,
      ...(ga ? [GA_SCRIPT, ...GA_COLLECT] : []),
    ],
    'frame-src': [...STRIPE_JS_CSP['frame-src']],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'upgrade-insecure-requests': [],
  };
}

export function contentSecurityPolicy(options: CspOptions): string {
  return Object.entries(cspDirectives(options))
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}
