import { CognitoError } from './cognito-error';

// What Cognito checks and answers that cognito-local does not, as pure functions over a request body:
// the shared vocabulary of the proxy's operation groups.

export type Json = Record<string, unknown>;
export type TargetHandler = (body: Json) => Promise<Json>;

export const LOGIN_FAILED = 'Incorrect username or password.';
const UNAUTHORIZED_ATTRIBUTE = 'A client attempted to write unauthorized attribute';
/** Cognito's standard attributes: what an app client may write when its WriteAttributes are not set. */
export const STANDARD_ATTRIBUTES = new Set([
  'address',
  'birthdate',
  'email',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
]);

/**
 * Cognito's check of what an app client writes with a user's own tokens (SignUp's UserAttributes,
 * UpdateUserAttributes, DeleteUserAttributes): only its WriteAttributes (by default the standard ones);
 * never the *_verified flags. cognito-local writes anything.
 */
export function checkWritable(info: ClientInfo, names: readonly string[]): void {
  const writable = info.writeAttributes ?? STANDARD_ATTRIBUTES;
  if (names.some((name) => !writable.has(name))) {
    throw new CognitoError('NotAuthorizedException', UNAUTHORIZED_ATTRIBUTE);
  }
}
export const attributeNames = (body: Json, key: 'UserAttributes' | 'UserAttributeNames'): string[] => {
  const list = body[key];
  if (!Array.isArray(list)) return [];
  return list.map((a: unknown) =>
    typeof a === 'string' ? a : String((a as { Name?: unknown } | null)?.Name ?? ''),
  );
};
export const CODE_MISMATCH = 'Invalid verification code provided, please try again.';
export const SERVICE = 'AWSCognitoIdentityProviderService';

export interface UserRecord {
  Username: string;
  UserStatus?: string;
  UserAttributes?: { Name: string; Value?: string }[];
  /** ListUsers names them so. */
  Attributes?: { Name: string; Value?: string }[];
}
export interface ClientInfo {
  userPoolId: string;
  preventUserExistenceErrors: boolean;
  /** The client's WriteAttributes; undefined when not set (every standard attribute is writable). */
  writeAttributes?: ReadonlySet<string>;
}
export interface PasswordPolicy {
  MinimumLength?: number;
  RequireUppercase?: boolean;
  RequireLowercase?: boolean;
  RequireNumbers?: boolean;
  RequireSymbols?: boolean;
}

export const str = (body: Json, key: string): string => {
  const value = body[key];
  if (typeof value !== 'string' || value === '')
    throw new CognitoError('InvalidParameterException', `Missing required parameter ${key}`);
  return value;
};
/** An attribute of a user as AdminGetUser (`UserAttributes`) or ListUsers (`Attributes`) answers it. */
export const attr = (user: UserRecord, name: string) =>
  (user.UserAttributes ?? user.Attributes)?.find((a) => a.Name === name)?.Value;

/** A-Z to a-z only, as the product's address rule folds (src/lib/email-address.ts). */
export const foldCase = (value: string): string => value.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * The pool's usernames are not case-sensitive (UsernameConfiguration.CaseSensitive: false, as CDK's
 * `signInCaseSensitive: false` deploys it): Cognito matches `DEMO@x` to `demo@x` wherever a username is
 * named. cognito-local matches case-sensitively, so every username a request carries is folded to lower
 * case before it reaches cognito-local (its users are stored folded too).
 */
export function foldUsernames(body: Json): Json {
  const fold = (value: unknown) => (typeof value === 'string' ? foldCase(value) : value);
  const out: Json = { ...body };
  if ('Username' in out) out.Username = fold(out.Username);
  // A user made with its address as username is found by that address: cognito-local looks users up by
  // their email attribute, so the address a new user is given is folded like the username.
  if (Array.isArray(out.UserAttributes) && typeof out.Username === 'string' && out.Username.includes('@'))
    out.UserAttributes = (out.UserAttributes as { Name: string; Value?: unknown }[]).map((a) =>
      a.Name === 'email' && typeof a.Value === 'string' && foldCase(a.Value) === out.Username
        ? { ...a, Value: out.Username }
        : a,
    );
  for (const key of ['AuthParameters', 'ChallengeResponses'] as const) {
    const params = out[key];
    if (params && typeof params === 'object' && 'USERNAME' in params)
      out[key] = { ...(params as Json), USERNAME: fold((params as Json).USERNAME) };
  }
  return out;
}

/** Cognito shows destinations masked ("j***@e***"); cognito-local shows them in full. */
function maskDestination(destination: string): string {
  const [local = '', domain = ''] = destination.split('@');
  return domain ? `${local.slice(0, 1)}***@${domain.slice(0, 1)}***` : `${destination.slice(0, 1)}***`;
}

export const emailDelivery = (destination: string) => ({
  AttributeName: 'email',
  DeliveryMedium: 'EMAIL',
  Destination: maskDestination(destination),
});

export function maskDeliveries(result: Json): Json {
  const one = result.CodeDeliveryDetails as { Destination?: string } | undefined;
  if (one?.Destination) one.Destination = maskDestination(one.Destination);
  for (const d of (result.CodeDeliveryDetailsList as { Destination?: string }[] | undefined) ?? []) {
    if (d.Destination) d.Destination = maskDestination(d.Destination);
  }
  return result;
}

/** Cognito's password policy check (cognito-local stores the policy but never applies it). */
export function checkPassword(password: unknown, policy: PasswordPolicy | undefined): void {
  if (typeof password !== 'string')
    throw new CognitoError('InvalidParameterException', 'Missing required parameter Password');
  const fail = (why: string) => {
    throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${why}`);
  };
  if (password.length < (policy?.MinimumLength ?? 8)) fail('Password not long enough');
  if (policy?.RequireLowercase && !/[a-z]/.test(password)) fail('Password must have lowercase characters');
  if (policy?.RequireUppercase && !/[A-Z]/.test(password)) fail('Password must have uppercase characters');
  if (policy?.RequireNumbers && !/[0-9]/.test(password)) fail('Password must have numeric characters');
  if (policy?.RequireSymbols && !/[^A-Za-z0-9]/.test(password)) fail('Password must have symbol characters');
}

/** Gives cognito-local's error of one of the types in `from` the type and message Cognito answers with. */
export const rename = (error: unknown, from: string[], type: string, message: string): never => {
  if (error instanceof CognitoError && from.includes(error.type)) throw new CognitoError(type, message);
  throw error;
};
