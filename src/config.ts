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
  copyrightYear: 2024,
  licensePriceUsd: 15,
  freeToolCount: 3,
} as const;
