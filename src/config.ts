// Build-time settings (Gatsby inlines process.env.GATSBY_* into the bundle). Nothing secret belongs here.

// One function for the defaults: babel writes out each `??` in full for older browsers, and this
// object is part of every page's first-visit scripts.
const env = (value: string | undefined, fallback = ''): string => value ?? fallback;

export const siteConfig = {
  name: 'Stockbench',
  envName: env(process.env.GATSBY_ENV, 'local'),
  siteUrl: env(process.env.GATSBY_SITE_URL, 'https://stockbench.app').replace(/\/$/, ''),
  apiBase: env(process.env.GATSBY_API_BASE, '/api'),
  supportEmail: env(process.env.GATSBY_SUPPORT_EMAIL, 'support@stockbench.app'),
  installers: {
    windows: env(process.env.GATSBY_INSTALLER_WINDOWS_URL),
    macos: env(process.env.GATSBY_INSTALLER_MACOS_URL),
  },
  /** Cognito (Amplify v6). The endpoint is set only locally (our cognito-local proxy). */
  cognito: {
    userPoolId: env(process.env.GATSBY_COGNITO_USER_POOL_ID),
    clientId: env(process.env.GATSBY_COGNITO_CLIENT_ID),
    region: env(process.env.GATSBY_COGNITO_REGION, 'us-east-1'),
    endpoint: env(process.env.GATSBY_COGNITO_ENDPOINT),
  },
  /** Stripe. jsUrl is set only locally: the emulator's stand-in Stripe.js, loaded before loadStripe. */
  stripe: {
    publishableKey: env(process.env.GATSBY_STRIPE_PUBLISHABLE_KEY),
    jsUrl: env(process.env.GATSBY_STRIPE_JS_URL),
  },
  /** GA4, off unless the flag is 'true' and an id is set (one id per environment). */
  analytics: {
    enabled: process.env.GATSBY_ANALYTICS_ENABLED === 'true',
    id: env(process.env.GATSBY_ANALYTICS_ID),
  },
  copyrightYear: 2024,
  licensePriceUsd: 15,
  freeToolCount: 3,
} as const;
