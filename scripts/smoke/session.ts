import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { expectStatus, objectOf, request, type Answer } from './http';
import { fail } from './report';
import type { Credentials, Target } from './target';

// The smoke user's session: signed in through Cognito as the site signs in, and its calls to the BFF
// with the ID token (as the site sends it).

export interface Session {
  idToken: string;
  /** The sign-in's access token (Cognito's calls made with the owner's own token). */
  accessToken: string;
  sub: string;
  email: string;
  emailVerified: boolean;
}

/** The claims of a JWT (not verified: the API verifies it; this only reads who signed in). */
export function jwtClaims(token: string): Record<string, unknown> {
  try {
    return decodeJwt(token);
  } catch {
    return fail('the ID token is not a JWT');
  }
}

export async function signIn(target: Target, credentials: Credentials): Promise<Session> {
  const { region, clientId, endpoint } = target.cognito;
  if (!region || !clientId) {
    return fail(
      'the user pool region and app client id are unknown: pass --region and --client-id, or run from the ' +
        'checkout that deployed (cdk.out/backend-outputs.json)',
    );
  }
  const client = new CognitoIdentityProviderClient({
    region,
    endpoint,
    maxAttempts: 2,
    // InitiateAuth is unsigned; the local endpoint's client still wants credentials configured.
    ...(target.local ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  try {
    const out = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: credentials.email, PASSWORD: credentials.password },
      }),
    );
    if (out.ChallengeName)
      return fail(`Cognito asks for ${out.ChallengeName}: use a smoke user without MFA or challenges`);
    const idToken = out.AuthenticationResult?.IdToken;
    if (!idToken) return fail('Cognito answered without an ID token');
    const claims = jwtClaims(idToken);
    if (typeof claims.sub !== 'string') return fail('the ID token has no sub');
    return {
      idToken,
      accessToken: out.AuthenticationResult?.AccessToken ?? '',
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : '',
      emailVerified: String(claims.email_verified) === 'true',
    };
  } finally {
    client.destroy();
  }
}

interface CallOptions {
  query?: Record<string, string>;
  body?: unknown;
}

/** One BFF call with the session's ID token (as the site sends it). */
export function callBff(
  target: Target,
  session: Session,
  method: string,
  name: string,
  opts: CallOptions = {},
): Promise<Answer> {
  const query = opts.query ? `?${new URLSearchParams(opts.query).toString()}` : '';
  return request(`${target.api}/${name}${query}`, {
    method,
    headers: {
      authorization: `Bearer ${session.idToken}`,
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
}

export interface LicensesState {
  customerId: string | null;
  subscriptionId: string | null;
  subscriptionStatus: string | null;
  licenses: { key: string; expirationDate: string }[];
}

export async function getLicenses(target: Target, session: Session): Promise<LicensesState> {
  const answer = await callBff(target, session, 'GET', 'get-licenses', { query: { uid: session.sub } });
  expectStatus(answer, 200, 'GET /api/get-licenses');
  const body = objectOf(answer, 'GET /api/get-licenses');
  if (!Array.isArray(body.licenses)) return fail('no licenses list in the answer');
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    customerId: str(body.customerId),
    subscriptionId: str(body.subscriptionId),
    subscriptionStatus: str(body.subscriptionStatus),
    licenses: (body.licenses as { key: string; expirationDate: string }[]).map((l) => ({
      key: l.key,
      expirationDate: l.expirationDate,
    })),
  };
}

export const describeLicenses = (s: LicensesState): string =>
  s.subscriptionId
    ? `customer ${s.customerId}, subscription ${s.subscriptionId} (${s.subscriptionStatus}), ${s.licenses.length} license(s) in force`
    : 'no subscription';
