/** The header that carries the stack's secret from the Cognito proxy to cognito-local (internal-only.ts). */
export const UPSTREAM_SECRET_HEADER = 'x-local-upstream-secret';
