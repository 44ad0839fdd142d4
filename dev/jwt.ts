import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';

// Minimal RS256 JWT verification against a JWKS, for the Cognito proxy and the local API server.
// (jose is ESM-only and Jest here loads CommonJS; Cognito signs with RS256 only, so this is all we need.)

export type JwtPayload = Record<string, unknown> & {
  iss?: string;
  sub?: string;
  exp?: number;
  iat?: number;
  jti?: string;
};
export type Jwk = JsonWebKey & { kid?: string };

export class JwtError extends Error {
  constructor(
    readonly reason: 'malformed' | 'signature' | 'expired' | 'claim',
    message: string,
  ) {
    super(message);
  }
}

const b64url = (s: string) => Buffer.from(s, 'base64url');

export function decodeJwt(token: string): { header: Record<string, unknown>; payload: JwtPayload } {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('malformed', 'not a JWT');
  try {
    return {
      header: JSON.parse(b64url(parts[0] ?? '').toString('utf8')) as Record<string, unknown>,
      payload: JSON.parse(b64url(parts[1] ?? '').toString('utf8')) as JwtPayload,
    };
  } catch {
    throw new JwtError('malformed', 'not a JWT');
  }
}

/** Keys from a JWKS URL, cached; fetched again (at most every 10 s) when a token names an unknown kid. */
export function remoteJwks(url: string): (kid: string | undefined) => Promise<Jwk | undefined> {
  let keys: Jwk[] = [];
  let fetchedAt = 0;
  return async (kid) => {
    const find = () => keys.find((k) => kid === undefined || k.kid === kid);
    if (!find() && Date.now() - fetchedAt > 10_000) {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`JWKS ${url} answered ${res.status}`);
      keys = ((await res.json()) as { keys?: Jwk[] }).keys ?? [];
      fetchedAt = Date.now();
    }
    return find();
  };
}

export async function verifyJwt(
  token: string,
  getKey: (kid: string | undefined) => Promise<Jwk | undefined>,
  opts: { issuer?: string; now?: number } = {},
): Promise<JwtPayload> {
  const { header, payload } = decodeJwt(token);
  if (header.alg !== 'RS256') throw new JwtError('signature', `unsupported alg ${String(header.alg)}`);
  const jwk = await getKey(typeof header.kid === 'string' ? header.kid : undefined);
  if (!jwk) throw new JwtError('signature', 'unknown signing key');
  const [head, body, signature] = token.split('.') as [string, string, string];
  const ok = verify(
    'RSA-SHA256',
    Buffer.from(`${head}.${body}`),
    createPublicKey({ key: jwk, format: 'jwk' }),
    b64url(signature),
  );
  if (!ok) throw new JwtError('signature', 'signature verification failed');
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= now) throw new JwtError('expired', 'token expired');
  if (typeof payload.nbf === 'number' && payload.nbf > now)
    throw new JwtError('claim', 'token not yet valid');
  if (opts.issuer !== undefined && payload.iss !== opts.issuer)
    throw new JwtError('claim', 'unexpected issuer');
  return payload;
}
