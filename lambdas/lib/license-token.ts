import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, jwtVerify, SignJWT, type JWK } from 'jose';

// The signed license statement the desktop application keeps. Ed25519 (EdDSA) via jose: the private
// key stays in the BFF, the public key is published so the application can check a statement
// offline until it expires.

export const TOKEN_ISSUER = 'stockbench-license';
export const TOKEN_TYPE = 'license+jwt';

export type Tools = 'all' | number[];

export interface LicenseStatement {
  /** Cognito subject of the license owner. */
  sub: string;
  key: string;
  tools: Tools;
  /** Epoch seconds; the application stops trusting the statement after it. */
  exp: number;
  iat: number;
}

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  kid: string;
  publicJwk: JWK;
  publicPem: string;
}

const cache = new Map<string, Promise<SigningKey>>();

/** Parses the PKCS8 PEM once per process and derives the public half and its key id. */
export function loadSigningKey(privateKeyPem: string): Promise<SigningKey> {
  let entry = cache.get(privateKeyPem);
  if (!entry) {
    entry = (async () => {
      const privateKey = createPrivateKey(privateKeyPem);
      if (privateKey.asymmetricKeyType !== 'ed25519')
        throw new Error('The license signing key is not Ed25519');
      const publicKey = createPublicKey(privateKey);
      const jwk = await exportJWK(publicKey);
      const kid = await calculateJwkThumbprint(jwk);
      const publicJwk: JWK = { ...jwk, kid, alg: 'EdDSA', use: 'sig' };
      const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
      return { privateKey, publicKey, kid, publicJwk, publicPem };
    })();
    cache.set(privateKeyPem, entry);
  }
  return entry;
}

export async function signLicenseStatement(
  key: SigningKey,
  statement: { sub: string; key: string; tools: Tools; exp: number },
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ key: statement.key, tools: statement.tools })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: TOKEN_TYPE })
    .setIssuer(TOKEN_ISSUER)
    .setSubject(statement.sub)
    .setIssuedAt(now)
    .setExpirationTime(statement.exp)
    .sign(key.privateKey);
}

/** What the application does offline: check signature, issuer, type and expiry against the public key. */
export async function verifyLicenseStatement(
  token: string,
  publicKey: KeyObject | JWK,
  now?: Date,
): Promise<LicenseStatement> {
  const { payload } = await jwtVerify(token, publicKey, {
    issuer: TOKEN_ISSUER,
    typ: TOKEN_TYPE,
    algorithms: ['EdDSA'],
    currentDate: now,
  });
  const { sub, key, tools, exp, iat } = payload;
  const toolsOk = tools === 'all' || (Array.isArray(tools) && tools.every((t) => Number.isInteger(t)));
  if (typeof sub !== 'string' || typeof key !== 'string' || !toolsOk || typeof exp !== 'number') {
    throw new Error('The license statement is missing a claim');
  }
  return { sub, key, tools: tools as Tools, exp, iat: typeof iat === 'number' ? iat : 0 };
}
