// Build-time settings (Gatsby inlines process.env.GATSBY_* into the bundle). Nothing secret belongs here.
export const siteConfig = {
  name: 'Stockbench',
  envName: process.env.GATSBY_ENV ?? 'local',
  siteUrl: (process.env.GATSBY_SITE_URL ?? 'https://stockbench.app').replace(/\/$/, ''),
  apiBase: process.env.GATSBY_API_BASE ?? '/api',
  supportEmail: process.env.GATSBY_SUPPORT_EMAIL ?? 'support@stockbench.app',
  installers: {
    windows: process.env.GATSBY_INSTALLER_WINDOWS_URL ?? '',
    macos: process.env.GATSBY_INSTALLER_MACOS_URL ?? '',
  },
  /** Cognito (Amplify v6). The endpoint is set only locally (our cognito-local proxy). */
  cognito: {
    userPoolId: process.env.GATSBY_COGNITO_USER_POOL_ID ?? '',
    clientId: process.env.GATSBY_COGNITO_CLIENT_ID ?? '',
    region: process.env.GATSBY_COGNITO_REGION ?? 'us-east-1',
    endpoint: process.env.GATSBY_COGNITO_ENDPOINT ?? '',
  },
  /** Stripe. jsUrl is set only locally: the emulator's stand-in Stripe.js, loaded before loadStripe. */
  stripe: {
    publishableKey: process.env.GATSBY_STRIPE_PUBLISHABLE_KEY ?? '',
    jsUrl: process.env.GATSBY_STRIPE_JS_URL ?? '',
  },
  /** GA4, off unless the flag is 'true' and an id is set (one id per environment). */
  analytics: {
    enabled: process.env.GATSBY_ANALYTICS_ENABLED === 'true',
    id: process.env.GATSBY_ANALYTICS_ID ?? '',
  },
  copyrightYear: 2024,
  licensePriceUsd: 15,
  freeToolCount: 3,
} as const;
