import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SignJWT } from 'jose';
import { decodeJwt } from '../jwt';

// Cognito's auth_time is when the user authenticated (password, and the MFA code if asked) and a
// refresh keeps it; cognito-local stamps every token it generates, refreshes included, with the time
// of generation, so a refreshed session looked like a new sign-in (the BFF's machine sign-out relies on
// the difference: lambdas/lib/machines.ts). cognito-local never rotates refresh tokens and signs each
// one with iat = the auth_time of the sign-in that issued it (the same clock reading), and it only
// refreshes with a refresh token it stored, so that iat is the session's real start. A refresh's ID
// and access tokens are re-signed here with it, with cognito-local's own key (one key for every pool).

// A PKCS#1 PEM, which jose's importPKCS8 does not read: jose signs with Node's KeyObject of it.
let signingKey: KeyObject | undefined;
const cognitoLocalKey = (): KeyObject => {
  const file = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  signingKey ??= createPrivateKey((JSON.parse(readFileSync(file, 'utf8')) as { pem: string }).pem);
  return signingKey;
};

/** The session start a refresh token carries (its iat), or undefined if it has none. */
function sessionStartOf(refreshToken: string): number | undefined {
  const { iat } = decodeJwt(refreshToken).payload;
  return typeof iat === 'number' ? iat : undefined;
}

/** The token with its auth_time set to `authTime`, signed again as cognito-local signs it (same header). */
async function withAuthTime(token: string, authTime: number): Promise<string> {
  const { header, payload } = decodeJwt(token);
  return new SignJWT({ ...payload, auth_time: authTime })
    .setProtectedHeader({ ...header, alg: 'RS256' })
    .sign(cognitoLocalKey());
}

/** A refresh's AuthenticationResult with the auth_time of the sign-in that issued `refreshToken`. */
export async function keepAuthTime(result: Record<string, unknown>, refreshToken: string): Promise<void> {
  const auth = result.AuthenticationResult as Record<string, unknown> | undefined;
  const authTime = sessionStartOf(refreshToken);
  if (!auth || authTime === undefined) return;
  for (const key of ['AccessToken', 'IdToken']) {
    const token = auth[key];
    if (typeof token === 'string') auth[key] = await withAuthTime(token, authTime);
  }
}
