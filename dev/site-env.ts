import type { StackInfo } from './stack-info';

/** The GATSBY_* build values that point a site build at a local stack. */
export function siteBuildEnv(info: StackInfo): Record<string, string> {
  return {
    GATSBY_ENV: 'local',
    GATSBY_SITE_URL: info.site ?? '',
    GATSBY_API_BASE: '/api',
    GATSBY_COGNITO_USER_POOL_ID: info.userPoolId,
    GATSBY_COGNITO_CLIENT_ID: info.clientId,
    GATSBY_COGNITO_ENDPOINT: info.cognitoEndpoint,
    GATSBY_COGNITO_REGION: info.region,
    GATSBY_STRIPE_PUBLISHABLE_KEY: info.stripePublishableKey,
    GATSBY_STRIPE_JS_URL: info.stripeJs,
    // What the public pages say about machines per license; the handlers apply the same setting.
    GATSBY_LICENSE_MACHINE_LIMIT: info.machineLimit ? String(info.machineLimit) : '',
    // Passkeys on the pages only where the stack's Cognito takes them.
    GATSBY_PASSKEYS: info.passkeys ? 'true' : '',
  };
}
