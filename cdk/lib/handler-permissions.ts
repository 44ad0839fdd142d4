// What each BFF handler may touch, decided per handler file name. Everything a function can reach is
// granted from this one map, so a review of least privilege is a review of this file.
// A handler missing here gets DEFAULT_PERMISSIONS (table read/write, no secrets, no Cognito, no mail)
// and a synth warning; the tests fail until it is listed, so the default never reaches production silently.

export type TableAccess = 'none' | 'read' | 'readWrite';

export interface HandlerPermissions {
  table: TableAccess;
  /** Reads the Stripe secret (secret key and webhook secret). */
  stripe?: boolean;
  /** Reads the license signing key. */
  signingKey?: boolean;
  /** Calls Cognito admin APIs on the user pool (email change and its recovery). */
  cognitoAdmin?: boolean;
  /** Sends mail through SES as MAIL_FROM. */
  mail?: boolean;
}

export const DEFAULT_PERMISSIONS: HandlerPermissions = { table: 'readWrite' };

export const HANDLER_PERMISSIONS: Readonly<Record<string, HandlerPermissions>> = {
  health: { table: 'none' },
  // Reads of the caller's own records; Stripe is asked for live subscription and price data.
  'get-licenses': { table: 'read' },
  'get-subscriptions': { table: 'read', stripe: true },
  'quote-licenses': { table: 'read', stripe: true },
  // The desktop application's check: reads the license, signs a statement with the private key.
  'validate-license': { table: 'read', signingKey: true },
  // Publishes the public half, derived from the private key; no data access.
  'license-public-key': { table: 'none', signingKey: true },
  // Email change and its undo: Cognito admin calls, a RECOVER# record, a mail to the old address.
  'update-email': { table: 'readWrite', cognitoAdmin: true, mail: true },
  'email-recovery': { table: 'readWrite', cognitoAdmin: true, mail: true },
  // Payment flows: Stripe calls plus account and license records.
  'setup-checkout': { table: 'readWrite', stripe: true },
  'complete-checkout': { table: 'readWrite', stripe: true },
  'add-licenses': { table: 'readWrite', stripe: true },
  'remove-licenses': { table: 'readWrite', stripe: true },
  // Reads the caller's account to find the subscription; the card itself lives in Stripe.
  'update-card': { table: 'read', stripe: true },
  'delete-customer': { table: 'readWrite', stripe: true },
  // Verifies Stripe's signature, dedupes events, provisions licenses, may mail a receipt.
  'stripe-webhook': { table: 'readWrite', stripe: true, mail: true },
};

export function permissionsFor(handler: string): { permissions: HandlerPermissions; known: boolean } {
  const listed = HANDLER_PERMISSIONS[handler];
  return listed ? { permissions: listed, known: true } : { permissions: DEFAULT_PERMISSIONS, known: false };
}

/** Cognito actions for cognitoAdmin handlers: read a user, change its email attributes, look up by email. */
export const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:ListUsers',
] as const;
