import { env } from './config';

// Build-time settings only the account pages use (the BFF, Amplify v6, Stripe.js). Apart from
// siteConfig, which every page's first-visit scripts carry, so the public pages do not carry these.
export const accountConfig = {
  apiBase: env(process.env.GATSBY_API_BASE, '/api'),
  /** Cognito (Amplify v6). The endpoint is set only locally (our cognito-local proxy). */
  cognito: {
    userPoolId: env(process.env.GATSBY_COGNITO_USER_POOL_ID),
    clientId: env(process.env.GATSBY_COGNITO_CLIENT_ID),
    region: env(process.env.GATSBY_COGNITO_REGION, 'us-east-1'),
    endpoint: env(process.env.GATSBY_COGNITO_ENDPOINT),
  },
  /**
   * The optional token-sync URL (a path on this site, or a URL of its origin): it gets each
   * new ID token by POST and a DELETE on sign-out (auth/token-sync.ts). Unset: nothing is sent.
   */
  tokenSyncUrl: env(process.env.GATSBY_TOKEN_SYNC_URL),
  /**
   * Passkeys on /profile and /sign-in: 'true' only where the user pool takes them (CDK context
   * `passkeys`, a local stack's `passkeys` option). Otherwise the pages look as without them.
   */
  passkeys: process.env.GATSBY_PASSKEYS === 'true',
  /** Stripe. jsUrl is set only locally: the emulator's stand-in Stripe.js, loaded before loadStripe. */
  stripe: {
    publishableKey: env(process.env.GATSBY_STRIPE_PUBLISHABLE_KEY),
    jsUrl: env(process.env.GATSBY_STRIPE_JS_URL),
  },
} as const;
