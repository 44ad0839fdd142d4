import type { KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { decodeJwt } from '../jwt';

// Cognito's auth_time is when the user authenticated (password, and the MFA code if asked) and a
// refresh keeps it; cognito-local stamps every token it generates, refreshes included, with the time
// of generation, so a refreshed session looked like a new sign-in (the BFF's machine sign-out relies on
// the difference: lambdas/lib/machines.ts). cognito-local never rotates refresh tokens and signs each
// one with iat = the auth_time of the sign-in that issued it (the same clock reading), and it only
// refreshes with a refresh token it stored, so that iat is the session's real start. A refresh's ID
// and access tokens are re-signed here with it, with the key cognito-local signs with (signing-key.ts).

/** The session start a refresh token carries (its iat), or undefined if it has none. */
function sessionStartOf(refreshToken: string): number | undefined {
  const { iat } = decodeJwt(refreshToken).payload;
  return typeof iat === 'number' ? iat : undefined;
}

/** The token with its auth_time set to `authTime`, signed again as cognito-local signs it (same header). */
async function withAuthTime(token: string, authTime: number, key: KeyObject): Promise<string> {
  const { header, payload } = decodeJwt(token);
  return new SignJWT({ ...payload, auth_time: authTime })
    .setProtectedHeader({ ...header, alg: 'RS256' })
    .sign(key);
}

/** A refresh's AuthenticationResult with the auth_time of the sign-in that issued `refreshToken`. */
export async function keepAuthTime(
  result: Record<string, unknown>,
  refreshToken: string,
  key: KeyObject,
): Promise<void> {
  const auth = result.AuthenticationResult as Record<string, unknown> | undefined;
  const authTime = sessionStartOf(refreshToken);
  if (!auth || authTime === undefined) return;
  for (const name of ['AccessToken', 'IdToken']) {
    const token = auth[name];
    if (typeof token === 'string') auth[name] = await withAuthTime(token, authTime, key);
  }
}
