import { ASSIGNEE_INDEX, CUSTOMER_ID_INDEX, LICENSE_KEY_INDEX } from '../../lambdas/lib/table';

// What each BFF handler may touch, decided per handler file name, and the one translation of that into
// IAM policy statements. CDK attaches those statements to each function's role (api.ts); the local
// stack's IAM gate (dev/iam/gate.ts) evaluates the same statements, with local ARNs, on every AWS call
// a handler makes, so a grant missing here fails locally exactly as it would in AWS. A review of least
// privilege is a review of this file.
//
// Each list is exactly what the handler's code calls (lambdas/handlers/<name>.ts and the lib functions
// it uses): dev/iam/__tests__/grants.int.test.ts drives every handler and fails when a call is not granted here,
// and when something granted here is never called.
// A handler missing here gets DEFAULT_PERMISSIONS (table read/write, no secrets, no Cognito, no mail)
// and a synth warning; the tests fail until it is listed, so the default never reaches production silently.

/** DynamoDB operations the BFF calls on its table (lambdas/lib/repository). */
type TableAction = 'GetItem' | 'Query' | 'Scan' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem';
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

const ALL_TABLE_ACTIONS: readonly TableAction[] = [
  'GetItem',
  'Query',
  'PutItem',
  'UpdateItem',
  'BatchWriteItem',
];

const DEFAULT_PERMISSIONS: HandlerPermissions = {
  table: ALL_TABLE_ACTIONS,
  queryIndexes: [LICENSE_KEY_INDEX, CUSTOMER_ID_INDEX],
};

export const HANDLER_PERMISSIONS: Readonly<Record<string, HandlerPermissions>> = {
  health: {},
  // getAccount + listSlots only.
  'get-licenses': { table: ['GetItem', 'Query'] },
  // The cached snapshot and the slots; a checkout still awaiting its first payment re-reads the
  // subscription from Stripe (its client secret) and stores the fresh snapshot (saveSubscription).
  'get-subscriptions': { table: ['GetItem', 'Query', 'UpdateItem'], secrets: ['stripe'] },
  // Own account lookup, then a Stripe invoice preview.
  'quote-licenses': { table: ['GetItem'], secrets: ['stripe'] },
  // Own account lookup, then the subscription's invoices from Stripe.
  'get-invoices': { table: ['GetItem'], secrets: ['stripe'] },
  // The desktop application's check: finds the license by key, records the machine on the slot (a
  // conditional write), signs a statement with the private key.
  'validate-license': {
    table: ['GetItem', 'UpdateItem'],
    queryIndexes: [LICENSE_KEY_INDEX],
    secrets: ['signingKey'],
  },
  // The machines of the caller's own licenses (listSlots) and of those assigned to them (the index, each re-read).
  'get-machines': { table: ['GetItem', 'Query'], queryIndexes: [ASSIGNEE_INDEX] },
  // Finds the license by key, re-reads the slot, writes its machines; the user action's record and lease.
  'sign-out-machine': { table: ['GetItem', 'UpdateItem'], queryIndexes: [LICENSE_KEY_INDEX] },
  // Gives a license to a person, or takes it back: own account and slots, the user action's record,
  // the slot's assignee, and the mails to the people concerned.
  'assign-license': { table: ['GetItem', 'Query', 'UpdateItem'], mail: true },
  'take-back-license': { table: ['GetItem', 'Query', 'UpdateItem'], mail: true },
  // Licenses assigned to the caller's address (the index), each re-read, and who pays for it.
  'get-held-licenses': { table: ['GetItem'], queryIndexes: [ASSIGNEE_INDEX] },
  // Publishes the public half, derived from the private key; no data access.
  'license-public-key': { secrets: ['signingKey'] },
  // Email change: password check (public InitiateAuth), address not taken (ListUsers), Cognito email
  // update and sign-out, RECOVER# records, account email, Stripe customer email, mail to the old address.
  'update-email': {
    table: ['GetItem', 'PutItem', 'UpdateItem'],
    cognito: ['ListUsers', 'AdminUpdateUserAttributes', 'AdminUserGlobalSignOut'],
    secrets: ['stripe'],
    mail: true,
  },
  // Recovery page: reads the one-time code (nothing else decides whether it still works).
  'email-recovery-info': { table: ['GetItem'] },
  // Checks the code as the page does; under the account's lease (UpdateItem), voids the user's later
  // codes (Query of their pointers, GetItem, UpdateItem); restores the old email in Cognito, voids the
  // password (AdminResetUserPassword), signs out everywhere; the account record and Stripe; marks the
  // code used.
  // The one-time code (GetItem, UpdateItem to spend it), Cognito's global sign-out, and the "tokens
  // valid after" time (UpdateItem).
  'end-sessions': { table: ['GetItem', 'UpdateItem'], cognito: ['AdminUserGlobalSignOut'] },
  'email-recovery': {
    table: ['GetItem', 'Query', 'UpdateItem'],
    cognito: [
      'AdminUpdateUserAttributes',
      'AdminResetUserPassword',
      'AdminSetUserMFAPreference',
      'AdminUserGlobalSignOut',
    ],
    secrets: ['stripe'],
  },
  // Customer and incomplete subscription in Stripe, both recorded on the account.
  'setup-checkout': { table: ['GetItem', 'UpdateItem'], secrets: ['stripe'] },
  // The checkout page's check of its link: the caller's account, then its subscription in Stripe.
  'checkout-info': { table: ['GetItem'], secrets: ['stripe'] },
  // Cancels the incomplete subscription in Stripe (refunds it if it was paid meanwhile); records it ended.
  'cancel-checkout': { table: ['GetItem', 'UpdateItem'], secrets: ['stripe'] },
  // Payment flows: Stripe calls, then the license slots synced with the subscription (lambdas/money/sync.ts).
  'complete-checkout': { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], secrets: ['stripe'] },
  'add-licenses': { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], secrets: ['stripe'] },
  // Lowers the renewing quantity and dates slots: never creates one.
  'remove-licenses': { table: ['GetItem', 'Query', 'UpdateItem'], secrets: ['stripe'] },
  // Renews the licenses that were set to end with the period, then undoes the cancellation: never creates one.
  'resume-subscription': { table: ['GetItem', 'Query', 'UpdateItem'], secrets: ['stripe'] },
  // Every renewing license stops renewing (as remove-licenses); the inverse, for chosen licenses
  // still in their paid period. Neither creates a slot.
  'cancel-subscription': { table: ['GetItem', 'Query', 'UpdateItem'], secrets: ['stripe'] },
  'renew-licenses': { table: ['GetItem', 'Query', 'UpdateItem'], secrets: ['stripe'] },
  // A company's details on the Stripe customer (its tax IDs listed, created, deleted), kept on the
  // account; the user action's record and lease. Reading them back needs the account item only.
  'billing-details': { table: ['GetItem', 'UpdateItem'], secrets: ['stripe'] },
  'get-billing-details': { table: ['GetItem'] },
  // The satisfaction guarantee: the cached subscription, the licenses of earlier subscriptions (their
  // last validation), the refund record and the household claims, with the payments and cards from
  // Stripe. The refund itself also claims the households, refunds and cancels in Stripe, ends the
  // slots, records the refund, and mails the buyer and the people given its licenses.
  'refund-eligibility': { table: ['GetItem', 'Query'], secrets: ['stripe'] },
  'request-refund': { table: ['GetItem', 'Query', 'UpdateItem'], secrets: ['stripe'], mail: true },
  // The version of the terms a buyer accepts at checkout: the caller's account, one conditional write.
  'accept-terms': { table: ['GetItem', 'UpdateItem'] },
  // Attaches the card in Stripe, then syncs the subscription (which may create missing slots).
  'update-card': { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], secrets: ['stripe'] },
  // Cancels and deletes in Stripe, then deletes every record of the user (Query + BatchWriteItem) and
  // records that no earlier token is taken (UpdateItem on USER#<uid> / SESSIONS).
  // Tells the people it gave licenses to that those end (claiming each notice: UpdateItem; mail).
  'delete-customer': {
    table: ['GetItem', 'Query', 'BatchWriteItem', 'UpdateItem'],
    secrets: ['stripe'],
    mail: true,
  },
  // Cognito's global sign-out, then the "tokens valid after" time (every jwt handler reads it: GetItem).
  'sign-out-everywhere': { table: ['GetItem', 'UpdateItem'], cognito: ['AdminUserGlobalSignOut'] },
  // Verifies Stripe's signature, dedupes events, finds the user by customer, provisions licenses, and
  // tells the people the user gave licenses to when those end.
  'stripe-webhook': {
    table: ['GetItem', 'Query', 'PutItem', 'UpdateItem'],
    queryIndexes: [CUSTOMER_ID_INDEX],
    secrets: ['stripe'],
    mail: true,
  },
  // The scheduled sync (lambdas/jobs/): scans for accounts whose cached subscription is stale, then
  // syncs each as the webhook does (lease, slots, snapshot, mail to holders whose licenses end).
  'sync-subscriptions': {
    table: ['Scan', 'GetItem', 'Query', 'PutItem', 'UpdateItem'],
    secrets: ['stripe'],
    mail: true,
  },
  // The card-expiry notice (every 12 hours): scans the accounts' cached cards, confirms each in Stripe, reads the
  // account's address and claims the notice once (UpdateItem), then mails it.
  'card-expiry-notices': { table: ['Scan', 'GetItem', 'UpdateItem'], secrets: ['stripe'], mail: true },
  // Lists the accounts whose Stripe customer must follow a moved address (Query), and under the lease
  // (UpdateItem) reads the record (GetItem), updates Stripe and removes the request (DeleteItem).
  'sync-customer-emails': { table: ['Query', 'GetItem', 'UpdateItem', 'DeleteItem'], secrets: ['stripe'] },
};

/**
 * What each Cognito trigger (lambdas/triggers/<name>.ts) may touch, in the handlers' terms. CDK attaches
 * these to the trigger's role (auth.ts; account-security-events.ts for the one EventBridge runs); the
 * local stack runs the trigger with its own keys behind the same IAM gate (dev/lambda-invoke.ts).
 */
export const TRIGGER_PERMISSIONS: Readonly<
  Record<
    | 'custom-message'
    | 'post-confirmation'
    | 'pre-sign-up'
    | 'pre-authentication'
    | 'pre-token-generation'
    | 'security-events',
    HandlerPermissions
  >
> = {
  // Counts each mail against its address's daily limit (UpdateItem; GetItem to tell a refusal).
  'custom-message': { table: ['UpdateItem', 'GetItem'] },
  // Ends every session after a password reset: Cognito's global sign-out and the "tokens valid after"
  // time (UpdateItem on USER#<uid> / SESSIONS).
  'post-confirmation': { table: ['UpdateItem'], cognito: ['AdminUserGlobalSignOut'] },
  // Frees an address held without proof: finds the users with that email, deletes an unconfirmed
  // sign-up; gives an account that changed to it and never proved it its last proven address back
  // (under the account's lease, UpdateItem): Cognito and the account record (GetItem), and asks for
  // Stripe's customer to follow (PutItem; the job does it, not the trigger).
  'pre-sign-up': {
    table: ['GetItem', 'UpdateItem', 'PutItem'],
    cognito: ['ListUsers', 'AdminDeleteUser', 'AdminUpdateUserAttributes'],
  },
  // Records when a sign-in with the second factor begins (AdminGetUser tells; PutItem), and takes the
  // BFF's one-time password-check marks (UpdateItem).
  'pre-authentication': { table: ['PutItem', 'UpdateItem'], cognito: ['AdminGetUser'] },
  // Reads the account's last security change (GetItem) and the sign-ins begun before it (Query).
  'pre-token-generation': { table: ['GetItem', 'Query'] },
  // Not a Cognito trigger but run by EventBridge for Cognito's CloudTrail events
  // (cdk/lib/account-security-events.ts): reads the user (AdminGetUser) and the account record, records
  // the event once (GetItem, PutItem), the two-factor state, the change time, the mail count and the
  // mailed link's code (UpdateItem), and mails the owner.
  'security-events': { table: ['GetItem', 'PutItem', 'UpdateItem'], cognito: ['AdminGetUser'], mail: true },
};

export type TriggerName = keyof typeof TRIGGER_PERMISSIONS;

/** A trigger's statements. */
export const triggerStatements = (trigger: TriggerName, arns: ResourceArns): PolicyStatementSpec[] =>
  policyStatements(TRIGGER_PERMISSIONS[trigger], arns);

export function permissionsFor(handler: string): { permissions: HandlerPermissions; known: boolean } {
  const listed = HANDLER_PERMISSIONS[handler];
  return listed ? { permissions: listed, known: true } : { permissions: DEFAULT_PERMISSIONS, known: false };
}

/** One IAM Allow statement, as plain data (CDK makes an iam.PolicyStatement of it; the gate evaluates it). */
export interface PolicyStatementSpec {
  actions: string[];
  resources: string[];
}

/** The ARNs the statements name: CDK passes its tokens, the local stack local ARNs (arnsFromNames). */
export interface ResourceArns {
  table: string;
  userPool: string;
  secrets: Readonly<Record<SecretName, string>>;
  /** The SES identity mail is sent as (MAIL_FROM's domain unless configured otherwise). */
  sesIdentity: string;
}

export const indexArn = (tableArn: string, index: string): string => `${tableArn}/index/${index}`;

/** A handler's permissions as IAM statements: named ARNs only, no wildcard action or resource. */
export function policyStatements(p: HandlerPermissions, arns: ResourceArns): PolicyStatementSpec[] {
  const out: PolicyStatementSpec[] = [];
  if (p.table?.length) {
    out.push({ actions: p.table.map((a) => `dynamodb:${a}`), resources: [arns.table] });
  }
  if (p.queryIndexes?.length) {
    out.push({
      actions: ['dynamodb:Query'],
      resources: p.queryIndexes.map((index) => indexArn(arns.table, index)),
    });
  }
  if (p.secrets?.length) {
    // Exactly GetSecretValue (CDK's grantRead would add DescribeSecret, which nothing calls).
    out.push({
      actions: ['secretsmanager:GetSecretValue'],
      resources: p.secrets.map((s) => arns.secrets[s]),
    });
  }
  if (p.cognito?.length) {
    out.push({ actions: p.cognito.map((a) => `cognito-idp:${a}`), resources: [arns.userPool] });
  }
  if (p.mail) out.push({ actions: ['ses:SendEmail'], resources: [arns.sesIdentity] });
  return out;
}

/** Where ARNs point: AWS's own partition, region and account (the local stack: aws, us-east-1, 000000000000). */
export interface ArnScope {
  partition?: string;
  region: string;
  account: string;
}

const arnPrefix = (s: ArnScope, service: string): string =>
  `arn:${s.partition ?? 'aws'}:${service}:${s.region}:${s.account}`;

export const tableArnOf = (s: ArnScope, tableName: string): string =>
  `${arnPrefix(s, 'dynamodb')}:table/${tableName}`;
export const userPoolArnOf = (s: ArnScope, userPoolId: string): string =>
  `${arnPrefix(s, 'cognito-idp')}:userpool/${userPoolId}`;
/** A secret's ARN from its name (AWS adds a random suffix, "-AbCdEf", which a full ARN keeps). */
export const secretArnOf = (s: ArnScope, nameOrArn: string): string =>
  nameOrArn.startsWith('arn:') ? nameOrArn : `${arnPrefix(s, 'secretsmanager')}:secret:${nameOrArn}`;
export const sesIdentityArnOf = (s: ArnScope, identity: string): string =>
  `${arnPrefix(s, 'ses')}:identity/${identity}`;

/** The domain of an address, also in "Name <user@domain>" form: the SES identity mail is sent as. */
export function mailDomainOf(mailbox: string): string {
  const address = (/<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim();
  return address.split('@')[1] ?? address;
}

/** ResourceArns built from names, for the local stack. */
export function arnsFromNames(
  scope: ArnScope,
  names: {
    tableName: string;
    userPoolId: string;
    secrets: Readonly<Record<SecretName, string>>;
    sesIdentity: string;
  },
): ResourceArns {
  return {
    table: tableArnOf(scope, names.tableName),
    userPool: userPoolArnOf(scope, names.userPoolId),
    secrets: {
      stripe: secretArnOf(scope, names.secrets.stripe),
      signingKey: secretArnOf(scope, names.secrets.signingKey),
    },
    sesIdentity: sesIdentityArnOf(scope, names.sesIdentity),
  };
}
