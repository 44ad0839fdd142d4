import { createHash } from 'node:crypto';

// What a site build was made for. The build writes it into public/ (gatsby-node onPostBuild), so
// `npm start` can tell whether public/ was built for its own local stack or by something else (a
// production `npm run build`, a test run against another stack), whose account pages would reach
// no local Cognito.

/** The file under public/ that holds the stamp. */
export const BUILD_STAMP_FILE = 'build-stamp.json';

/** Every GATSBY_* value src/config.ts and src/account-config.ts read: what the bundle is inlined with. */
export const STAMPED_VARIABLES = [
  'GATSBY_ENV',
  'GATSBY_SITE_URL',
  'GATSBY_API_BASE',
  'GATSBY_SUPPORT_EMAIL',
  'GATSBY_INSTALLER_WINDOWS_URL',
  'GATSBY_INSTALLER_MACOS_URL',
  'GATSBY_COGNITO_USER_POOL_ID',
  'GATSBY_COGNITO_CLIENT_ID',
  'GATSBY_COGNITO_REGION',
  'GATSBY_COGNITO_ENDPOINT',
  'GATSBY_STRIPE_PUBLISHABLE_KEY',
  'GATSBY_STRIPE_JS_URL',
  'GATSBY_ANALYTICS_ENABLED',
  'GATSBY_ANALYTICS_ID',
  'GATSBY_LICENSE_MACHINE_LIMIT',
  'GATSBY_TOKEN_SYNC_URL',
  'GATSBY_PASSKEYS',
] as const;

export interface BuildStamp {
  /** SHA-256 of the stamped variables' values (unset counts as empty). */
  env: string;
}

export function buildStamp(env: Readonly<Record<string, string | undefined>>): BuildStamp {
  const values = STAMPED_VARIABLES.map((name) => [name, env[name] ?? '']);
  return { env: createHash('sha256').update(JSON.stringify(values)).digest('hex') };
}
