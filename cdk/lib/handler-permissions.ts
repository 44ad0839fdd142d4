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

// Checked against each handler's calls (lambdas/handlers/*.ts and the lib functions they use).
export const HANDLER_PERMISSIONS: Readonly<Record<string, HandlerPermissions>> = {
  health: { table: 'none' },
  // getAccount + listSlots only.
  'get-licenses': { table: 'read' },
  // Re-reads the subscription from Stripe and stores the fresh snapshot (saveSubscription).
  'get-subscriptions': { table: 'readWrite', stripe: true },
  // Own account lookup, then a Stripe invoice preview.
  'quote-licenses': { table: 'read', stripe: true },
  // The desktop application's check: finds the license by key, signs a statement with the private key.
  'validate-license': { table: 'read', signingKey: true },
  // Publishes the public half, derived from the private key; no data access.
  'license-public-key': { table: 'none', signingKey: true },
  // Email change: password check, Cognito email update and sign-out, Stripe customer email, RECOVER#
  // record, mail to the old address.
  'update-email': { table: 'readWrite', cognitoAdmin: true, stripe: true, mail: true },
  // Recovery page: reads the one-time code only.
  'email-recovery-info': { table: 'read' },
  // Restores the old email in Cognito, the account record and Stripe; marks the code used.
  'email-recovery': { table: 'readWrite', cognitoAdmin: true, stripe: true },
  // Payment flows: Stripe calls plus account and license records.
  'setup-checkout': { table: 'readWrite', stripe: true },
  'complete-checkout': { table: 'readWrite', stripe: true },
  'add-licenses': { table: 'readWrite', stripe: true },
  'remove-licenses': { table: 'readWrite', stripe: true },
  // Attaches the card in Stripe, then syncs the subscription snapshot into the account record.
  'update-card': { table: 'readWrite', stripe: true },
  'delete-customer': { table: 'readWrite', stripe: true },
  // Verifies Stripe's signature, dedupes events, provisions licenses.
  'stripe-webhook': { table: 'readWrite', stripe: true },
};

export function permissionsFor(handler: string): { permissions: HandlerPermissions; known: boolean } {
  const listed = HANDLER_PERMISSIONS[handler];
  return listed ? { permissions: listed, known: true } : { permissions: DEFAULT_PERMISSIONS, known: false };
}

/** DynamoDB actions the BFF uses (lambdas/lib/repository): no Scan, no table management. */
export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
] as const;
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;

/** Cognito actions for cognitoAdmin handlers (lambdas/lib/cognito.ts): set the email, sign out everywhere.
 * The password check uses InitiateAuth, a public Cognito call that needs no IAM permission. */
export const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
] as const;
