import { pascal } from './api';

// The GATSBY_* build variables (read by src/config.ts; docs/deploying.md, "The one deploy command") that the
// backend stack outputs and the deploy script feeds to `gatsby build`.
// One list, so the stack and the script cannot disagree on a name.

export const SITE_BUILD_VARIABLES = [
  'GATSBY_ENV',
  'GATSBY_SITE_URL',
  'GATSBY_API_BASE',
  'GATSBY_COGNITO_USER_POOL_ID',
  'GATSBY_COGNITO_CLIENT_ID',
  'GATSBY_COGNITO_REGION',
  'GATSBY_STRIPE_PUBLISHABLE_KEY',
  'GATSBY_ANALYTICS_ENABLED',
  'GATSBY_ANALYTICS_ID',
  'GATSBY_SUPPORT_EMAIL',
  'GATSBY_INSTALLER_WINDOWS_URL',
  'GATSBY_INSTALLER_MACOS_URL',
  'GATSBY_LICENSE_MACHINE_LIMIT',
  'GATSBY_PASSKEYS',
] as const;

export type SiteBuildVariable = (typeof SITE_BUILD_VARIABLES)[number];

/** CloudFormation output ids are alphanumeric: GATSBY_SITE_URL -> GatsbySiteUrl. */
export const outputIdFor = (name: SiteBuildVariable): string => pascal(name.toLowerCase());

/** Build environment from a stack's outputs; a variable without an output (analytics id unset) is ''. */
export function siteBuildEnv(outputs: Readonly<Record<string, string>>): Record<SiteBuildVariable, string> {
  return Object.fromEntries(
    SITE_BUILD_VARIABLES.map((name) => [name, outputs[outputIdFor(name)] ?? '']),
  ) as Record<SiteBuildVariable, string>;
}
