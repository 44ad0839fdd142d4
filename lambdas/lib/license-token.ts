import {
  calculateJwkThumbprint,
  exportJWK,
  exportSPKI,
  importJWK,
  importPKCS8,
  importSPKI,
  SignJWT,
} from 'jose';
import type { PublishedJwk } from '../endpoints/license-public-key/contract';
import type { Tools } from '../endpoints/validate-license/contract';

// The signed license statement the desktop application keeps: a JWT (alg EdDSA, Ed25519, typ
// license+jwt) made with jose. Its header names the key (`kid`, the RFC 7638 thumbprint of the public
// key), so a statement signed before a key rotation still verifies with the previous key, which stays
// published. The private key stays in the BFF; the public keys are published (license-public-key).

const TOKEN_ISSUER = 'stockbench-license';
const TOKEN_TYPE = 'license+jwt';
const ALG = 'EdDSA';

/** What a statement says, beyond iss, iat and exp. */
export interface StatementClaims {
  /** Cognito subject of the holder. */
  sub: string;
  key: string;
  /** The installation id of the machine it was issued to. */
  machine: string;
  tools: Tools;
  /** Epoch seconds; the application stops trusting the statement after it. */
  exp: number;
}

export interface SigningKey {
  privateKey: CryptoKey;
  kid: string;
  publicJwk: PublishedJwk;
  publicPem: string;
}

/** A public key as published: its JWK (with kid) and PEM. */
export type PublicKeyInfo = Pick<SigningKey, 'kid' | 'publicJwk' | 'publicPem'>;

async function describePublic(publicKey: CryptoKey): Promise<PublicKeyInfo> {
  const { kty, crv, x } = await exportJWK(publicKey);
  if (kty !== 'OKP' || crv !== 'Ed25519') throw new Error('The license signing key is not Ed25519');
  const kid = await calculateJwkThumbprint({ kty, crv, x });
  return {
    kid,
    publicJwk: { kty, crv, x, kid, alg: ALG, use: 'sig' },
    publicPem: await exportSPKI(publicKey),
  };
}

const signingKeys = new Map<string, Promise<SigningKey>>();
const publicKeys = new Map<string, Promise<PublicKeyInfo>>();

const cached = <T>(cache: Map<string, Promise<T>>, pem: string, load: () => Promise<T>): Promise<T> => {
  let value = cache.get(pem);
  if (!value) {
    value = load();
    cache.set(pem, value);
    value.catch(() => cache.delete(pem));
  }
  return value;
};

/** Imports the PKCS8 PEM once per process and derives the public half and its key id. */
export function loadSigningKey(privateKeyPem: string): Promise<SigningKey> {
  return cached(signingKeys, privateKeyPem, async () => {
    const extractable = await importPKCS8(privateKeyPem, ALG, { extractable: true });
    const { d: _d, ...publicJwk } = await exportJWK(extractable);
    const publicKey = await importJWK(publicJwk, ALG, { extractable: true });
    if (!(publicKey instanceof CryptoKey)) throw new Error('The license signing key is not Ed25519');
    const privateKey = await importPKCS8(privateKeyPem, ALG);
    return { privateKey, ...(await describePublic(publicKey)) };
  });
}

/** A public key (SPKI PEM) that is still published after a rotation: the previous signing key. */
export function loadPublicKey(publicKeyPem: string): Promise<PublicKeyInfo> {
  return cached(publicKeys, publicKeyPem, async () =>
    describePublic(await importSPKI(publicKeyPem, ALG, { extractable: true })),
  );
}

export function signLicenseStatement(
  key: SigningKey,
  claims: StatementClaims,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ key: claims.key, machine: claims.machine, tools: claims.tools })
    .setProtectedHeader({ alg: ALG, kid: key.kid, typ: TOKEN_TYPE })
    .setIssuer(TOKEN_ISSUER)
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(claims.exp)
    .sign(key.privateKey);
}

/** The type of a key endorsement: the previous signing key vouches for the keys now published. */
const ENDORSEMENT_TYPE = 'license-keys+jwt';

/**
 * A key endorsement (a JWT signed by `endorser`, the key being retired, whose payload lists `keys`): the
 * desktop application trusts a new key only when a key it already trusts vouches for it this way, or
 * when it ships with it (desktop-client/trust.ts).
 */
export function signKeyEndorsement(endorser: SigningKey, keys: readonly PublishedJwk[]): Promise<string> {
  // No time in it: the same keys give the same endorsement (Ed25519 signatures are deterministic).
  return new SignJWT({ keys: [...keys] })
    .setProtectedHeader({ alg: ALG, kid: endorser.kid, typ: ENDORSEMENT_TYPE })
    .setIssuer(TOKEN_ISSUER)
    .sign(endorser.privateKey);
}
