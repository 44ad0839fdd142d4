// Build-time settings (Gatsby inlines process.env.GATSBY_* into the bundle). Nothing secret belongs here.

// One function for the defaults: babel writes out each `??` in full for older browsers, and this
// object is part of every page's first-visit scripts.
export const env = (value: string | undefined, fallback = ''): string => value ?? fallback;

export const siteConfig = {
  name: 'Stockbench',
  envName: env(process.env.GATSBY_ENV, 'local'),
  siteUrl: env(process.env.GATSBY_SITE_URL, 'https://stockbench.app').replace(/\/$/, ''),
  supportEmail: env(process.env.GATSBY_SUPPORT_EMAIL, 'support@stockbench.app'),
  installers: {
    windows: env(process.env.GATSBY_INSTALLER_WINDOWS_URL),
    macos: env(process.env.GATSBY_INSTALLER_MACOS_URL),
  },
  /** GA4, off unless the flag is 'true' and an id is set (one id per environment). */
  analytics: {
    enabled: process.env.GATSBY_ANALYTICS_ENABLED === 'true',
    id: env(process.env.GATSBY_ANALYTICS_ID),
  },
  /** The build's year (gatsby-config.ts sets it); outside a build, such as in tests, this year. */
  copyrightYear: Number(env(process.env.GATSBY_BUILD_YEAR)) || new Date().getUTCFullYear(),
  /** The one price of a license, per month, in US dollars: content says {{licensePrice}}. */
  licensePriceUsd: 15,
  freeToolCount: 3,
  /**
   * Machines one license may be used on at once, the deployment's `machineLimit`; null (the default):
   * no limit. gatsby-node refuses a value that is not a whole number.
   */
  machineLimit: Number(env(process.env.GATSBY_LICENSE_MACHINE_LIMIT)) || null,
} as const;
