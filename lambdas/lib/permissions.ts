import type { ASSIGNEE_INDEX, CUSTOMER_ID_INDEX, LICENSE_KEY_INDEX } from './table';

// What a handler may touch, as plain data: each endpoint states its own (lambdas/endpoints/<name>/grants.ts),
// cdk/lib/handler-permissions.ts turns that into IAM statements for CDK and for the local IAM gate.

/** DynamoDB operations the BFF calls on its table (lambdas/lib/repository). */
export type TableAction =
  'GetItem' | 'Query' | 'Scan' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem';
/** Global secondary indexes of the table (lambdas/lib/table.ts). */
type TableIndex = typeof LICENSE_KEY_INDEX | typeof CUSTOMER_ID_INDEX | typeof ASSIGNEE_INDEX;
/** The product's secrets (cdk/lib/secrets.ts): the Stripe keys, the license signing key. */
export type SecretName = 'stripe' | 'signingKey';
/** Cognito user pool operations the BFF signs (lambdas/lib/cognito.ts). InitiateAuth, the password
 * check, is a public Cognito operation that takes no IAM permission. */
type CognitoAction =
  | 'ListUsers'
  | 'AdminGetUser'
  | 'AdminUpdateUserAttributes'
  | 'AdminUserGlobalSignOut'
  | 'AdminResetUserPassword'
  | 'AdminSetUserMFAPreference'
  | 'AdminDeleteUser';

export interface HandlerPermissions {
  /** DynamoDB actions on the table itself. */
  table?: readonly TableAction[];
  /** Indexes the handler queries (dynamodb:Query on the index ARN). */
  queryIndexes?: readonly TableIndex[];
  /** Secrets it reads (secretsmanager:GetSecretValue on each, nothing else). */
  secrets?: readonly SecretName[];
  /** Cognito actions on the user pool. */
  cognito?: readonly CognitoAction[];
  /** Sends mail through SES (ses:SendEmail on MAIL_FROM's identity). */
  mail?: boolean;
}
