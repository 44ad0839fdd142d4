import {
  indexArn,
  mailDomainOf,
  secretArnOf,
  sesIdentityArnOf,
  tableArnOf,
  userPoolArnOf,
  type ArnScope,
} from '../../cdk/lib/handler-permissions';

// What a request to a local AWS service asks IAM for: the action (dynamodb:Query…) and the resources
// it touches, derived from the wire request the way AWS does for the operations the product uses.

/** The services behind the gate, by SigV4 signing name. */
export type GatedService = 'dynamodb' | 'cognito-idp' | 'ses' | 'secretsmanager';
export const GATED_SERVICES: readonly GatedService[] = ['dynamodb', 'cognito-idp', 'ses', 'secretsmanager'];

/** awsJson services name the operation in X-Amz-Target; SES v2 is restJson (one path per operation). */
export const WIRE: Record<GatedService, 'awsJson' | 'restJson'> = {
  dynamodb: 'awsJson',
  'cognito-idp': 'awsJson',
  secretsmanager: 'awsJson',
  ses: 'restJson',
};

const TARGET_PREFIX: Record<string, GatedService> = {
  DynamoDB_20120810: 'dynamodb',
  AWSCognitoIdentityProviderService: 'cognito-idp',
  secretsmanager: 'secretsmanager',
};

/**
 * Cognito operations AWS serves without credentials (the SDK sends them unsigned: its auth scheme for
 * each is smithy.api#noAuth); the caller proves itself with a password, code or token instead.
 */
const COGNITO_PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  'AssociateSoftwareToken',
  'ChangePassword',
  'CompleteWebAuthnRegistration',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'DeleteWebAuthnCredential',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GetUserAuthFactors',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ListWebAuthnCredentials',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'StartWebAuthnRegistration',
  'UpdateAuthEventFeedback',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
]);

/** Whether AWS serves this Cognito operation without credentials. */
export const isCognitoPublicOperation = (name: string): boolean => COGNITO_PUBLIC_OPERATIONS.has(name);

export interface Operation {
  service: GatedService;
  /** e.g. "Query", "ListUsers", "SendEmail". */
  name: string;
  /** One IAM check per entry; all must be allowed. */
  checks: { action: string; resource: string }[];
  /** Served without credentials (Cognito's public operations). */
  public: boolean;
}

/** The service a request is for when it is not signed: from X-Amz-Target, or SES v2's paths. */
export function unsignedServiceOf(target: string | undefined, path: string): GatedService | undefined {
  const prefix = target?.split('.')[0];
  if (prefix && TARGET_PREFIX[prefix]) return TARGET_PREFIX[prefix];
  if (path.startsWith('/v2/email/')) return 'ses';
  return undefined;
}

type Json = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

function parseJson(body: Buffer): Json {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8') || '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Json) : {};
  } catch {
    return {};
  }
}

/** DynamoDB operations whose table (and index) IAM checks; transactions check each item's action. */
function dynamodbChecks(scope: ArnScope, name: string, input: Json): Operation['checks'] {
  const action = (op: string) => `dynamodb:${op}`;
  const tableArn = (table: unknown) => tableArnOf(scope, str(table) ?? '*');
  if (name === 'ListTables') return [{ action: action(name), resource: '*' }];
  if (name === 'BatchGetItem' || name === 'BatchWriteItem') {
    const tables = Object.keys((input.RequestItems as Json | undefined) ?? {});
    return (tables.length ? tables : ['*']).map((t) => ({ action: action(name), resource: tableArn(t) }));
  }
  if (name === 'TransactWriteItems' || name === 'TransactGetItems') {
    const items = Array.isArray(input.TransactItems) ? (input.TransactItems as Json[]) : [];
    const ops: Record<string, string> = {
      Put: 'PutItem',
      Update: 'UpdateItem',
      Delete: 'DeleteItem',
      ConditionCheck: 'ConditionCheckItem',
      Get: 'GetItem',
    };
    return items.flatMap((item) =>
      Object.entries(item).map(([kind, v]) => ({
        action: action(ops[kind] ?? kind),
        resource: tableArn((v as Json | undefined)?.TableName),
      })),
    );
  }
  const table = tableArn(input.TableName);
  const index = str(input.IndexName);
  return [{ action: action(name), resource: index ? indexArn(table, index) : table }];
}

/** The operation of an awsJson request (X-Amz-Target "<prefix>.<Operation>"), or undefined. */
export function awsJsonOperation(
  scope: ArnScope,
  service: GatedService,
  target: string | undefined,
  body: Buffer,
  resolveSecret: (id: string) => string,
): Operation | undefined {
  const [prefix, name] = (target ?? '').split('.');
  if (!prefix || !name || TARGET_PREFIX[prefix] !== service) return undefined;
  const input = parseJson(body);
  if (service === 'dynamodb')
    return { service, name, checks: dynamodbChecks(scope, name, input), public: false };
  if (service === 'cognito-idp') {
    const pool = str(input.UserPoolId);
    return {
      service,
      name,
      checks: [{ action: `cognito-idp:${name}`, resource: pool ? userPoolArnOf(scope, pool) : '*' }],
      public: isCognitoPublicOperation(name),
    };
  }
  const id = str(input.SecretId);
  return {
    service,
    name,
    checks: [{ action: `secretsmanager:${name}`, resource: id ? resolveSecret(id) : '*' }],
    public: false,
  };
}

/**
 * SES v2 (restJson): the operation from method and path. In SES's sandbox IAM also checks SendEmail on
 * each recipient's identity (AccessDenied "... on resource arn:aws:ses:...:identity/<recipient>": GitHub threads
 * aws/aws-sdk-js#3641, cloudposse/terraform-aws-ses#40), so a grant on the sender's identity alone mails no one.
 */
export function sesOperation(
  scope: ArnScope,
  method: string,
  path: string,
  body: Buffer,
  sandbox = false,
): Operation {
  const identityArn = (identity: string) => sesIdentityArnOf(scope, identity);
  if (method === 'POST' && path === '/v2/email/outbound-emails') {
    const request = parseJson(body);
    const from = str(request.FromEmailAddress) ?? '';
    const destination = (request.Destination ?? {}) as Record<string, unknown>;
    const recipients = sandbox
      ? ['ToAddresses', 'CcAddresses', 'BccAddresses'].flatMap((field) => {
          const list = destination[field];
          return Array.isArray(list) ? list.filter((a): a is string => typeof a === 'string') : [];
        })
      : [];
    const address = (mailbox: string) => (/<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim();
    return {
      service: 'ses',
      name: 'SendEmail',
      checks: [
        { action: 'ses:SendEmail', resource: identityArn(mailDomainOf(from)) },
        ...recipients.map((r) => ({ action: 'ses:SendEmail', resource: identityArn(address(r)) })),
      ],
      public: false,
    };
  }
  const identity = /^\/v2\/email\/identities\/([^/]+)$/.exec(path)?.[1];
  if (method === 'GET' && identity) {
    return {
      service: 'ses',
      name: 'GetEmailIdentity',
      checks: [{ action: 'ses:GetEmailIdentity', resource: identityArn(decodeURIComponent(identity)) }],
      public: false,
    };
  }
  // Anything else the product does not call: named after the request, so only the admin passes.
  const name = `${method} ${path}`;
  return { service: 'ses', name, checks: [{ action: `ses:${name}`, resource: '*' }], public: false };
}

/** Full secret ARNs for names and partial ARNs (without the random suffix), from the secrets known. */
export function secretResolver(scope: ArnScope, knownArns: () => readonly string[]): (id: string) => string {
  return (id) => {
    for (const arn of knownArns()) {
      const name = arn.split(':secret:')[1]?.replace(/-[A-Za-z0-9]{6}$/, '');
      if (id === arn || id === name || (id.startsWith('arn:') && arn.startsWith(`${id}-`))) return arn;
    }
    return secretArnOf(scope, id);
  };
}
