import {
  createRemoteJWKSet,
  decodeJwt as decodePayload,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
  type ProtectedHeaderParameters,
} from 'jose';

// Cognito's tokens (RS256) checked with jose against a JWKS, for the Cognito proxy and the local API
// server; JwtError says why a token is refused, which is what they answer on.

export type JwtPayload = JWTPayload;
export type JwksKeys = JWTVerifyGetKey;

export class JwtError extends Error {
  constructor(
    readonly reason: 'malformed' | 'signature' | 'expired' | 'claim',
    message: string,
  ) {
    super(message);
  }
}

/** The header and claims of a compact JWT, unverified. */
export function decodeJwt(token: string): { header: ProtectedHeaderParameters; payload: JwtPayload } {
  try {
    return { header: decodeProtectedHeader(token), payload: decodePayload(token) };
  } catch {
    throw new JwtError('malformed', 'not a JWT');
  }
}

/** Keys from a JWKS URL, cached; fetched again (at most every 10 s) when a token names an unknown kid. */
export function remoteJwks(url: string): JwksKeys {
  return createRemoteJWKSet(new URL(url), { cooldownDuration: 10_000 });
}

/** The claims of an RS256 token signed by a key of `keys`, unexpired (exp required), of `issuer` if given. */
export async function verifyJwt(
  token: string,
  keys: JwksKeys,
  opts: { issuer?: string; now?: number } = {},
): Promise<JwtPayload> {
  try {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ['RS256'],
      requiredClaims: ['exp'],
      ...(opts.issuer !== undefined && { issuer: opts.issuer }),
      ...(opts.now !== undefined && { currentDate: new Date(opts.now) }),
    });
    return payload;
  } catch (error) {
    throw refusal(error);
  }
}

function refusal(error: unknown): unknown {
  if (error instanceof errors.JWTExpired) return new JwtError('expired', 'token expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    // A token without exp never expires: refused as an expired one.
    return error.claim === 'exp'
      ? new JwtError('expired', 'token has no exp')
      : new JwtError('claim', error.message);
  }
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) {
    return new JwtError('malformed', 'not a JWT');
  }
  if (
    error instanceof errors.JOSEAlgNotAllowed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JWSSignatureVerificationFailed
  ) {
    return new JwtError('signature', error.message);
  }
  // The JWKS could not be fetched or read: not the token's fault.
  return error;
}
