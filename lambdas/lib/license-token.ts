import {
  createHash,
  createPrivateKey,
  createPublicKey,
  sign,
  verify,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import type { PublishedJwk } from '../contracts/license-public-key';
import type { Tools } from '../contracts/validate-license';

// The signed license statement the desktop application keeps: a compact JWS (a JWT with alg EdDSA,
// Ed25519) that any JOSE library verifies, jose included. It is produced with node:crypto directly
// because jose 6 is ESM-only and this repository's Jest loads CommonJS; the format is the standard
// one, and bench/api.ts cross-checks a statement with jose. The private key stays in the BFF; the
// public key is published so the application can check a statement offline until it expires.

const TOKEN_ISSUER = 'stockbench-license';
const TOKEN_TYPE = 'license+jwt';

export type { Tools };

export interface LicenseStatement {
  /** Cognito subject of the license owner. */
  sub: string;
  key: string;
  tools: Tools;
  /** Epoch seconds; the application stops trusting the statement after it. */
  exp: number;
  iat: number;
}

interface PublicJwk extends JsonWebKey, PublishedJwk {
  kid: string;
}

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  kid: string;
  publicJwk: PublicJwk;
  publicPem: string;
}

const b64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

/** RFC 7638 thumbprint of an OKP key: SHA-256 over its required members in lexicographic order. */
function thumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x });
  return createHash('sha256').update(canonical).digest('base64url');
}

const cache = new Map<string, SigningKey>();

/** Parses the PKCS8 PEM once per process and derives the public half and its key id. */
export function loadSigningKey(privateKeyPem: string): SigningKey {
  let key = cache.get(privateKeyPem);
  if (!key) {
    const privateKey = createPrivateKey(privateKeyPem);
    if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('The license signing key is not Ed25519');
    const publicKey = createPublicKey(privateKey);
    const jwk = publicKey.export({ format: 'jwk' });
    const kid = thumbprint(jwk);
    key = {
      privateKey,
      publicKey,
      kid,
      publicJwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, kid, alg: 'EdDSA', use: 'sig' },
      publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
    cache.set(privateKeyPem, key);
  }
  return key;
}

export function signLicenseStatement(
  key: SigningKey,
  statement: { sub: string; key: string; tools: Tools; exp: number },
  now = Math.floor(Date.now() / 1000),
): string {
  const header = { alg: 'EdDSA', kid: key.kid, typ: TOKEN_TYPE };
  const payload = {
    iss: TOKEN_ISSUER,
    sub: statement.sub,
    key: statement.key,
    tools: statement.tools,
    iat: now,
    exp: statement.exp,
  };
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  return `${input}.${b64url(sign(null, Buffer.from(input), key.privateKey))}`;
}

function parsePart(part: string | undefined): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null) throw new Error('Malformed license statement');
  return value as Record<string, unknown>;
}

/** What the application does offline: check signature, type, issuer and expiry with the public key. */
export function verifyLicenseStatement(
  token: string,
  publicKey: KeyObject | JsonWebKey,
  now: Date = new Date(),
): LicenseStatement {
  const key =
    'type' in publicKey
      ? (publicKey as KeyObject)
      : createPublicKey({ key: publicKey as JsonWebKey, format: 'jwk' });
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('Malformed license statement');
  const [h, p, s] = parts as [string, string, string];
  const header = parsePart(h);
  if (header.alg !== 'EdDSA' || header.typ !== TOKEN_TYPE) throw new Error('Not a license statement');
  if (!verify(null, Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'))) {
    throw new Error('The license statement signature is invalid');
  }
  const { iss, sub, key: licenseKey, tools, exp, iat } = parsePart(p);
  const toolsOk = tools === 'all' || (Array.isArray(tools) && tools.every((t) => Number.isInteger(t)));
  if (iss !== TOKEN_ISSUER || typeof sub !== 'string' || typeof licenseKey !== 'string' || !toolsOk) {
    throw new Error('The license statement is missing a claim');
  }
  if (typeof exp !== 'number' || exp <= Math.floor(now.getTime() / 1000))
    throw new Error('The license statement has expired');
  return { sub, key: licenseKey, tools: tools as Tools, exp, iat: typeof iat === 'number' ? iat : 0 };
}
