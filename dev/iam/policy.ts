import { createHmac } from 'node:crypto';
import type { PolicyStatementSpec } from '../../cdk/lib/handler-permissions';

// Who may call the local AWS services, with which keys, and what each may do: the stack's admin
// (setup and test code, allowed everything) and one principal per handler, whose statements are the
// ones CDK gives that handler's role (cdk/lib/handler-permissions.ts, with local ARNs).

export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_REGION = 'us-east-1';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** Lambda roles' credentials are temporary and come with a session token; the admin's do not. */
  sessionToken?: string;
}

export interface Principal {
  /** "admin", or the handler's name. */
  name: string;
  /** As AWS names it in AccessDeniedException messages. */
  arn: string;
  credentials: Credentials;
  /** undefined: allowed everything (the admin). */
  statements?: readonly PolicyStatementSpec[];
}

const ADMIN = 'admin';

const hmac = (seed: string, what: string): Buffer => createHmac('sha256', seed).update(what).digest();
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * Deterministic credentials for a principal of a stack: the same seed and name always give the same
 * keys, so another process that knows the seed (secrets.json) can derive them too.
 */
export function deriveCredentials(seed: string, name: string): Credentials {
  const id = [...hmac(seed, `id:${name}`).subarray(0, 16)].map((b) => BASE32[b % 32]).join('');
  const secretAccessKey = hmac(seed, `secret:${name}`).toString('base64').slice(0, 40);
  if (name === ADMIN) return { accessKeyId: `AKIA${id}`, secretAccessKey };
  return {
    // Temporary credentials, as a Lambda role gets them (ASIA… with a session token).
    accessKeyId: `ASIA${id}`,
    secretAccessKey,
    sessionToken: hmac(seed, `token:${name}`).toString('base64'),
  };
}

/**
 * What the stack's own code (setup, checks, tests) signs with: the admin's keys, which the local stack
 * puts in process.env; outside a stack process, dummies (the emulators themselves check no signature).
 */
export function ownCredentials(): Credentials {
  return {
    accessKeyId: process.env.AWS_ACCESS_KEY_ID || 'local',
    secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY || 'local',
  };
}

export function adminPrincipal(seed: string): Principal {
  return {
    name: ADMIN,
    arn: `arn:aws:iam::${LOCAL_ACCOUNT}:user/${ADMIN}`,
    credentials: deriveCredentials(seed, ADMIN),
  };
}

export function handlerPrincipal(
  seed: string,
  handler: string,
  statements: readonly PolicyStatementSpec[],
): Principal {
  return {
    name: handler,
    // A Lambda runs as its role, assumed with the function's name as the session name.
    arn: `arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/${handler}/${handler}`,
    credentials: deriveCredentials(seed, handler),
    statements,
  };
}

/** IAM's wildcard match: `*` any run of characters, `?` one; actions compare case-insensitively. */
function wildcard(pattern: string, value: string, ignoreCase: boolean): boolean {
  const re = pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${re}$`, ignoreCase ? 'i' : '').test(value);
}

/** Whether the principal's statements allow `action` on `resource` (Allow statements only, as CDK's). */
export function isAllowed(principal: Principal, action: string, resource: string): boolean {
  if (!principal.statements) return true;
  return principal.statements.some(
    (s) =>
      s.actions.some((a) => wildcard(a, action, true)) &&
      s.resources.some((r) => wildcard(r, resource, false)),
  );
}
