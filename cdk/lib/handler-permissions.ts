import { ENDPOINT_GRANTS } from '../../lambdas/endpoints/grants';
import type { HandlerPermissions, SecretName, TableAction } from '../../lambdas/lib/permissions';
import { CUSTOMER_ID_INDEX, LICENSE_KEY_INDEX } from '../../lambdas/lib/table';

export type { HandlerPermissions, SecretName } from '../../lambdas/lib/permissions';

// What each BFF handler may touch, and the one translation of that into IAM policy statements. Each
// endpoint states its grants in its own folder (lambdas/endpoints/<name>/grants.ts, gathered by
// lambdas/endpoints/grants.ts, where an endpoint without grants does not compile); the scheduled jobs'
// grants are here. CDK attaches the statements to each function's role (api.ts); the local stack's IAM
// gate (dev/iam/gate.ts) evaluates the same statements, with local ARNs, on every AWS call a handler
// makes, so a grant missing fails locally exactly as it would in AWS.
//
// Each list is exactly what the handler's code calls (its handler.ts and the lib functions it uses):
// dev/iam/__tests__/grants.int.test.ts drives every handler and fails when a call is not granted, and
// when something granted is never called.
// A handler missing here gets DEFAULT_PERMISSIONS (table read/write, no secrets, no Cognito, no mail)
// and a synth warning; the tests fail until it is listed, so the default never reaches production silently.

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
  ...ENDPOINT_GRANTS,
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
  // Lists the held mails about a second factor that are due (Query), reads the user (AdminGetUser),
  // takes each held mail and writes the mailed link's code (UpdateItem), mails the owner and removes the
  // listing (DeleteItem).
  'held-security-mails': {
    table: ['Query', 'UpdateItem', 'DeleteItem'],
    cognito: ['AdminGetUser'],
    mail: true,
  },
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
  // the event once (GetItem, PutItem), the two-factor state, the change time, the mail count, the
  // factor mail's window and the mailed link's code (UpdateItem), lists a held factor mail for the job
  // (PutItem), ends every session after a change of second factor (Cognito's global sign-out, and the
  // "tokens valid after" time: UpdateItem), and mails the owner; removes an authenticator app set up
  // after a change of address that an email recovery undid before the event came
  // (AdminSetUserMFAPreference). For a deleted user it closes the account as delete-customer does
  // (lambdas/lib/account-closure.ts): Stripe, the licenses and refunds (Query), the household and
  // deletion records (UpdateItem, PutItem), every record of the user (BatchWriteItem).
  'security-events': {
    table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'BatchWriteItem'],
    secrets: ['stripe'],
    cognito: ['AdminGetUser', 'AdminSetUserMFAPreference', 'AdminUserGlobalSignOut'],
    mail: true,
  },
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
